/**
 * `/admin` and `/admin/dashboard`: the people of the installation and every user's files, each
 * searchable and paged, and an announcement for everyone's dashboard. Administrators only (the
 * route guard sends others away; the server refuses them too).
 */
import { AdminFrame } from "./admin/AdminFrame.tsx";
import { AnnouncementSection } from "./admin/AnnouncementSection.tsx";
import { FilesSection } from "./admin/FilesSection.tsx";
import { UsersSection } from "./admin/UsersSection.tsx";

export function AdminPage() {
  return (
    <AdminFrame title="Admin Dashboard" description="Manage the people who use StudyForge, their roles and their files.">
      <UsersSection />
      <FilesSection />
      <AnnouncementSection />
    </AdminFrame>
  );
}
