/** A test's facts in one quiet line: topic, difficulty, size, who wrote it and when. */
import { capitalize, formatDateTime, plural, providerName } from "../format.ts";

export interface TestMetaProps {
  topic?: string;
  difficulty?: string;
  questions: number;
  provider?: string;
  model?: string;
  createdAt?: string;
}

export function TestMeta({ topic, difficulty, questions, provider, model, createdAt }: TestMetaProps) {
  const items = [
    topic && `Topic: ${topic}`,
    difficulty,
    plural(questions, "question"),
    provider && `Written by ${providerName(provider, model)}`,
    createdAt && formatDateTime(createdAt),
  ].filter((item): item is string => Boolean(item));
  return (
    <ul className="meta">
      {items.map((item) => (
        <li key={item}>{capitalize(item)}</li>
      ))}
    </ul>
  );
}
