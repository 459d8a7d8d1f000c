/** The school's latest announcements (from its administrators), above the dashboard's cards. */
import type { Announcement } from "../../api/admin.ts";
import { Alert } from "../../components/Alert.tsx";
import { formatDateTime } from "../../format.ts";

export function AnnouncementsBanner({ announcements }: { announcements: Announcement[] | undefined }) {
  if (!announcements?.length) return null;
  return (
    <section className="announcements" aria-label="Announcements">
      <Alert kind="info" title={announcements.length === 1 ? "Announcement" : "Announcements"}>
        <ul className="announcements__list">
          {announcements.map((a) => (
            <li key={a.id}>
              <p className="announcements__message">{a.message}</p>
              <time className="announcements__date" dateTime={a.created_at}>
                {formatDateTime(a.created_at)}
              </time>
            </li>
          ))}
        </ul>
      </Alert>
    </section>
  );
}
