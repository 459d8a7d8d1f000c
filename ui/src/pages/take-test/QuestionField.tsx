/** One question to answer: a fieldset whose legend is the question, with radio choices or a text field. */
import type { Question } from "../../api/types.ts";
import { Choice, ChoiceGroup } from "../../components/Choice.tsx";
import { TextField } from "../../components/Field.tsx";

export interface QuestionFieldProps {
  index: number;
  total: number;
  question: Question;
  value: string;
  onChange: (value: string) => void;
}

export function QuestionField({ index, total, question, value, onChange }: QuestionFieldProps) {
  const options = question.options ?? [];
  return (
    <div className="card question-card question-card--take">
      <ChoiceGroup
        legend={
          <>
            <span className="question-card__number">
              Question {index + 1} of {total}
            </span>
            <span className="question-card__text">{question.question}</span>
          </>
        }
      >
        {options.length > 0 ? (
          options.map((option, i) => (
            <Choice
              key={`${i}-${option}`}
              name={`question-${index}`}
              value={option}
              label={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
          ))
        ) : (
          <TextField
            label="Your answer"
            value={value}
            autoComplete="off"
            maxLength={2000}
            onValueChange={onChange}
            // Enter would submit the whole test from a text field; here it only ends the answer.
            onKeyDown={(event) => {
              if (event.key === "Enter") event.preventDefault();
            }}
          />
        )}
      </ChoiceGroup>
    </div>
  );
}
