/**
 * Every route of the UI (spec §2). To add a page: create it in pages/ and add a
 * row to PUBLIC_ROUTES, PROTECTED_ROUTES or ADMIN_ROUTES. Protected pages are
 * wrapped in the session guard here (admin pages in its administrator form), so
 * pages never check the session themselves.
 */
import { lazy, Suspense, type ComponentType } from "react";
import { Redirect, Route, Switch } from "wouter";
import { RequireAuth } from "./components/RequireAuth.tsx";
import { PageSpinner } from "./components/Spinner.tsx";
import { AiInsightsPage } from "./pages/AiInsightsPage.tsx";
import { AuthErrorPage } from "./pages/AuthErrorPage.tsx";
import { ClassesPage } from "./pages/ClassesPage.tsx";
import { ClassPage } from "./pages/ClassPage.tsx";
import { DashboardPage } from "./pages/DashboardPage.tsx";
import { ForgotPasswordPage } from "./pages/ForgotPasswordPage.tsx";
import { GeneratedTestPage } from "./pages/GeneratedTestPage.tsx";
import { GoalsPage } from "./pages/GoalsPage.tsx";
import { LandingPage } from "./pages/LandingPage.tsx";
import { LoginPage } from "./pages/LoginPage.tsx";
import { NotFoundPage } from "./pages/NotFoundPage.tsx";
import { NotificationsPage } from "./pages/NotificationsPage.tsx";
import { PrivacyPage } from "./pages/PrivacyPage.tsx";
import { ProfilePage } from "./pages/ProfilePage.tsx";
import { RegisterPage } from "./pages/RegisterPage.tsx";
import { ResetPasswordPage } from "./pages/ResetPasswordPage.tsx";
import { SettingsPage } from "./pages/SettingsPage.tsx";
import { StudySetDetailPage } from "./pages/StudySetDetailPage.tsx";
import { StudySetsPage } from "./pages/StudySetsPage.tsx";
import { TakeTestPage } from "./pages/TakeTestPage.tsx";
import { TemplatesPage } from "./pages/TemplatesPage.tsx";
import { TermsPage } from "./pages/TermsPage.tsx";
import { TestGeneratorPage } from "./pages/TestGeneratorPage.tsx";
import { TestResultsPage } from "./pages/TestResultsPage.tsx";
import { UploadPage } from "./pages/UploadPage.tsx";
import { VerifyEmailPage } from "./pages/VerifyEmailPage.tsx";
import { VerifyEmailPromptPage } from "./pages/VerifyEmailPromptPage.tsx";
import { ItemAnalysisRoute } from "./pages/teaching/lazy.tsx";
import { ClassResultsPage } from "./pages/teaching/ClassResultsPage.tsx";

type Routes = [path: string, page: ComponentType][];

export const PUBLIC_ROUTES: Routes = [
  ["/", LandingPage],
  ["/login", LoginPage],
  ["/register", RegisterPage],
  ["/forgot-password", ForgotPasswordPage],
  ["/reset-password", ResetPasswordPage],
  ["/verify-email-prompt", VerifyEmailPromptPage],
  ["/verify-email", VerifyEmailPage],
  ["/privacy", PrivacyPage],
  ["/terms", TermsPage],
  ["/auth/error", AuthErrorPage],
];

export const PROTECTED_ROUTES: Routes = [
  ["/dashboard", DashboardPage],
  ["/profile", ProfilePage],
  ["/settings", SettingsPage],
  ["/upload", UploadPage],
  ["/testgenerator", TestGeneratorPage],
  ["/generated-test", GeneratedTestPage],
  ["/take-test", TakeTestPage],
  ["/test-results", TestResultsPage],
  ["/templates", TemplatesPage],
  ["/classes", ClassesPage],
  ["/classes/:id", ClassPage],
  ["/study-sets", StudySetsPage],
  ["/study-sets/:id", StudySetDetailPage],
  ["/ai-insights", AiInsightsPage],
  ["/goals", GoalsPage],
  ["/notifications", NotificationsPage],
  ["/tests/:id/analysis", ItemAnalysisRoute],
  ["/classes/:id/results", ClassResultsPage],
];

// Administration is loaded only when an administrator opens it (the charts are the largest part of the UI).
const AdminPage = lazy(() => import("./pages/AdminPage.tsx").then((m) => ({ default: m.AdminPage })));
const AdminAnalyticsPage = lazy(() => import("./pages/AdminAnalyticsPage.tsx").then((m) => ({ default: m.AdminAnalyticsPage })));
const AdminAuditPage = lazy(() => import("./pages/AdminAuditPage.tsx").then((m) => ({ default: m.AdminAuditPage })));

export const ADMIN_ROUTES: Routes = [
  ["/admin", AdminPage],
  ["/admin/dashboard", AdminPage],
  ["/admin-analytics", AdminAnalyticsPage],
  ["/admin/analytics", AdminAnalyticsPage],
  ["/admin/audit", AdminAuditPage],
];

export function AppRoutes() {
  return (
    <Switch>
      {PUBLIC_ROUTES.map(([path, Page]) => (
        <Route key={path} path={path} component={Page} />
      ))}
      {PROTECTED_ROUTES.map(([path, Page]) => (
        <Route key={path} path={path}>
          <RequireAuth>
            <Page />
          </RequireAuth>
        </Route>
      ))}
      {ADMIN_ROUTES.map(([path, Page]) => (
        <Route key={path} path={path}>
          <RequireAuth admin>
            <Suspense fallback={<PageSpinner />}>
              <Page />
            </Suspense>
          </RequireAuth>
        </Route>
      ))}
      {/* A leftover of the original design: sign-in through another service is OpenID Connect now (/auth/oidc/callback). */}
      <Route path="/auth/github/callback">
        <Redirect to="/login" replace />
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
