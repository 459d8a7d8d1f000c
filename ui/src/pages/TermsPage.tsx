/** `/terms`: the short rules of a school-hosted StudyForge. */
import { Link } from "wouter";
import { Page } from "../components/Page.tsx";

export function TermsPage() {
  return (
    <Page title="Terms of use" description="The short version of the rules for using StudyForge." narrow>
      <div className="prose">
        <h2>Using StudyForge</h2>
        <p>
          Your school provides StudyForge to help you study. Your account is personal: keep your password to yourself and
          log out on shared computers.
        </p>

        <h2>What you upload</h2>
        <p>
          Upload only material you are allowed to use for your studies, such as your own notes or guides from your
          teachers. Don&apos;t upload other people&apos;s personal information. What you upload stays yours.
        </p>

        <h2>AI-written questions</h2>
        <p>
          Practice questions are written automatically and can be wrong. Check anything that looks odd against the page
          of your study guide it cites. Practice scores are for your own preparation, not official grades.
        </p>

        <h2>Fair use</h2>
        <p>
          Don&apos;t try to reach other people&apos;s accounts or files, get around the service&apos;s limits, or
          overload it. Your school&apos;s administrators may suspend or remove accounts that break these rules or the
          school&apos;s own policies.
        </p>

        <h2>The service</h2>
        <p>
          StudyForge is open-source software provided as it is, without warranty. Your school runs it and may change or
          stop it. You can delete your account at any time in <Link href="/settings">Settings</Link>; see also the{" "}
          <Link href="/privacy">Privacy</Link> page.
        </p>
      </div>
    </Page>
  );
}
