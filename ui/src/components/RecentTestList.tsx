import { Link } from "wouter";
import type { RecentTest } from "../api/types.ts";
import { formatPercent } from "../format.ts";

/**
 * Recent tests with their latest scores (profile, dashboard). The name opens the
 * test; a score opens the newest result of that test; a test never taken says
 * so and offers to take it.
 */
export function RecentTestList({ tests }: { tests: RecentTest[] }) {
  return (
    <ul className="score-list">
      {tests.map((test) => {
        const name = test.name || "Untitled test";
        const taken = test.score !== null && test.score !== undefined;
        return (
          <li key={test.id} className="score-list__item">
            <span className="score-list__name">
              <Link href={`/generated-test?id=${test.id}`}>{name}</Link>
              {!taken && <span className="score-list__date">Not taken yet</span>}
            </span>
            {taken ? (
              <Link
                href={test.result_id ? `/test-results?result=${test.result_id}` : `/test-results?test=${test.id}`}
                className="score-list__score"
                aria-label={`${formatPercent(test.score)}, results of ${name}`}
              >
                {formatPercent(test.score)}
              </Link>
            ) : (
              <Link href={`/take-test?id=${test.id}`} className="score-list__action">
                Take<span className="visually-hidden"> {name}</span>
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
