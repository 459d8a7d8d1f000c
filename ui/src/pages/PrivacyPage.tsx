/** `/privacy`: what a school-hosted StudyForge stores and who sees it. */
import { Link } from "wouter";
import { Page } from "../components/Page.tsx";

export function PrivacyPage() {
  return (
    <Page title="Privacy" description="What StudyForge keeps about you, where, and who can see it." narrow>
      <div className="prose">
        <h2>Who runs this service</h2>
        <p>
          This copy of StudyForge is run by your school (or school district) on its own server. Your school decides how
          it is set up and is responsible for the information kept in it. Questions about your data go to your
          school&apos;s StudyForge administrator.
        </p>

        <h2>What is stored</h2>
        <ul>
          <li>Your account: username, email address, and your password as a one-way hash (never the password itself).</li>
          <li>The PDF study guides you upload, and the text scanned from them.</li>
          <li>The practice tests you generate, your answers, and your results.</li>
          <li>Short server logs needed to keep the service running and secure.</li>
        </ul>

        <h2>Where it is kept</h2>
        <p>
          Everything stays on your school&apos;s server. StudyForge shows no advertising, uses no tracking or analytics
          services, and loads nothing from other websites. It sets one cookie, which keeps you logged in.
        </p>

        <h2>AI providers</h2>
        <p>
          To write questions, StudyForge sends short passages of the document you chose — never the whole file — to the
          AI provider your school has configured. With the built-in generator or a local Ollama model, nothing leaves the
          school&apos;s server. If your school uses OpenAI or another external service, those passages are processed by
          that provider under its own terms.
        </p>

        <h2>Emails</h2>
        <p>Your email address is used only for account messages: verifying your address and resetting your password.</p>

        <h2>Your choices</h2>
        <p>
          You can change your username, email address and password in <Link href="/settings">Settings</Link>, and delete
          your account there. Deleting your account removes it together with your uploaded files, tests and results.
          Copies in the school&apos;s backups disappear as those backups are replaced.
        </p>
      </div>
    </Page>
  );
}
