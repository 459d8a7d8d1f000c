import { useEffect } from "react";

/** Sets the browser tab's title: "Title · StudyForge". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · StudyForge` : "StudyForge";
  }, [title]);
}
