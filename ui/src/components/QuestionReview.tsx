/**
 * One question with its answer, explanation and source pages: the test preview
 * (the answer marked among the options) and the results review (the student's
 * answer, the correct one and the server's verdict). Right and wrong are always
 * said in words and icons, never by colour alone.
 */
import type { ElementType } from "react";
import type { PageUnit, Question } from "../api/types.ts";
import { formatSources, sameAnswer } from "../format.ts";
import { Icon } from "./Icon.tsx";

export interface Outcome {
  /** What the student answered; null when nothing. */
  chosen: string | null;
  /** The correct answer; null when it is not shown (an assignment withholds it). */
  answer: string | null;
  /** The server's verdict. */
  correct: boolean;
}

export interface QuestionReviewProps {
  /** 1-based position. */
  number: number;
  total: number;
  question: Question;
  /** The attempt's outcome (results); without it the question is shown as a preview. */
  outcome?: Outcome;
  /** A preview with the answer key hidden: options only, no answer, explanation or source. */
  hideAnswer?: boolean;
  headingAs?: ElementType;
  /** What the test's document calls its pages, for "Source: slide 4". */
  unit?: PageUnit;
}

export function Verdict({ correct }: { correct: boolean }) {
  return (
    <span className={correct ? "verdict verdict--correct" : "verdict verdict--incorrect"}>
      <Icon name={correct ? "success" : "xCircle"} size={18} />
      {correct ? "Correct" : "Incorrect"}
    </span>
  );
}

function AnswerMark({ label }: { label: string }) {
  return (
    <span className="option__mark">
      <Icon name="check" size={18} />
      {label}
    </span>
  );
}

/** Other wordings the grader accepts for a short answer, so a student sees why theirs counted. */
function AlsoAccepted({ question }: { question: Question }) {
  if (!question.accepted_answers?.length) return null;
  return (
    <div className="answer-line answer-line--right">
      <dt>Also accepted</dt>
      <dd>{question.accepted_answers.join("; ")}</dd>
    </div>
  );
}

export function QuestionReview({ number, total, question, outcome, hideAnswer = false, headingAs: Heading = "h2", unit }: QuestionReviewProps) {
  const options = question.options ?? [];
  const answer = outcome?.answer ?? question.answer;
  const source = formatSources(question.source_pages, unit);
  const state = outcome ? (outcome.correct ? " question-card--correct" : " question-card--incorrect") : "";
  return (
    <article className={`card question-card${state}`}>
      <div className="row row--spread">
        <span className="question-card__number">
          Question {number} of {total}
        </span>
        {outcome && <Verdict correct={outcome.correct} />}
      </div>
      <Heading className="question-card__text">{question.question}</Heading>

      {outcome ? (
        <dl className="answer-lines">
          <div className={outcome.correct ? "answer-line answer-line--right" : "answer-line answer-line--wrong"}>
            <dt>Your answer</dt>
            <dd>{outcome.chosen?.trim() ? outcome.chosen : <span className="muted">No answer selected.</span>}</dd>
          </div>
          {outcome.answer !== null && (
            <div className="answer-line answer-line--right">
              <dt>Correct answer</dt>
              <dd>{outcome.answer}</dd>
            </div>
          )}
          <AlsoAccepted question={question} />
        </dl>
      ) : options.length > 0 ? (
        <ul className="option-list">
          {options.map((option, i) => {
            const isAnswer = !hideAnswer && sameAnswer(option, answer);
            return (
              <li key={`${i}-${option}`} className={isAnswer ? "option option--answer" : "option"}>
                <span className="option__text">{option}</span>
                {isAnswer && <AnswerMark label="Answer" />}
              </li>
            );
          })}
        </ul>
      ) : (
        answer &&
        !hideAnswer && (
          <dl className="answer-lines">
            <div className="answer-line answer-line--right">
              <dt>Answer</dt>
              <dd>{answer}</dd>
            </div>
            <AlsoAccepted question={question} />
          </dl>
        )
      )}

      {!hideAnswer && (question.explanation || source) && (
        <div className="question-card__explanation">
          {question.explanation && <p>{question.explanation}</p>}
          {source && <p className="question-card__source">{source}</p>}
        </div>
      )}
    </article>
  );
}
