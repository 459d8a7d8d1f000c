/** `/`: what StudyForge is, for a student deciding whether to sign up. Claims stay true to the product. */
import type { ReactNode } from "react";
import { BrandLink } from "../components/Brand.tsx";
import { ButtonLink } from "../components/Button.tsx";
import { GuestActions } from "../components/GuestActions.tsx";
import { Icon, type IconName } from "../components/Icon.tsx";
import { usePageTitle } from "../hooks/usePageTitle.ts";

interface Feature {
  icon: IconName;
  title: string;
  text: string;
}

const FEATURES: Feature[] = [
  {
    icon: "file",
    title: "Your PDF study guides",
    text: "Upload the PDFs you already study from: review packets, class notes, textbook chapters. StudyForge scans each one into searchable text, page by page.",
  },
  {
    icon: "sparkles",
    title: "Questions written by AI",
    text: "Your school chooses the AI provider: OpenAI (or any OpenAI-compatible server), a local Ollama model, or a built-in offline generator that needs no AI service at all. You get multiple choice, true/false and short answer questions.",
  },
  {
    icon: "sliders",
    title: "Your topic, your settings",
    text: "Pick the topic, the difficulty, how many questions, and which question types you want. Make a quick five-question check or a full practice test.",
  },
  {
    icon: "chart",
    title: "See your progress",
    text: "Every result is kept: your scores, your best, lowest and average. Review each question with an explanation and the page of your guide it came from.",
  },
];

const STEPS = [
  { title: "Upload a study guide", text: "Choose a PDF. StudyForge reads it and keeps it in your library." },
  { title: "Generate a practice test", text: "Name a topic, pick a difficulty and a length." },
  { title: "Take it and review", text: "See your score, what you missed, and which page to reread." },
];

const TESTIMONIALS = [
  {
    quote:
      "I upload the review packet the night before and take a couple of short tests. Seeing the page number next to each explanation means I know exactly what to go back to.",
    name: "Maya R.",
    role: "Student, Grade 11",
  },
  {
    quote:
      "It runs on our school's own server, so I can recommend it to my classes without worrying about where their work goes. The questions still deserve a critical eye, but they're a solid start for revision.",
    name: "Mr. D. Okafor",
    role: "Biology teacher",
  },
];

/** A static picture of a reviewed question, to show what the product does. */
function SampleQuestion() {
  return (
    <figure className="sample" aria-label="Example of a reviewed practice question">
      <div className="sample__top">
        <span className="sample__tag">Biology · Medium</span>
        <span className="sample__count">Question 3 of 10</span>
      </div>
      <p className="sample__question">Where in the plant cell does photosynthesis take place?</p>
      <ul className="sample__options">
        <li className="sample__option">Mitochondria</li>
        <li className="sample__option sample__option--correct">
          <Icon name="check" size={18} />
          <span>Chloroplasts</span>
          <span className="sample__verdict">Correct</span>
        </li>
        <li className="sample__option">Ribosomes</li>
      </ul>
      <figcaption className="sample__explanation">
        Chloroplasts contain chlorophyll, which captures light energy for photosynthesis.
        <span className="sample__source">Source: page 12</span>
      </figcaption>
    </figure>
  );
}

/** A landing-page band with a centred heading. */
function Section({ id, title, tint = false, children }: { id: string; title: string; tint?: boolean; children: ReactNode }) {
  return (
    <section className={tint ? "landing-section landing-section--tint" : "landing-section"} aria-labelledby={id}>
      <div className="container">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

export function LandingPage() {
  usePageTitle("Practice tests from your study guides");
  return (
    <div className="landing">
      <header className="landing-header">
        <div className="container landing-header__inner">
          <BrandLink href="/" />
          <GuestActions label="Account" loginLabel="Log In" />
        </div>
      </header>

      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="eyebrow">Practice tests from your own study guides</p>
            <h1 id="hero-title" className="hero__title" tabIndex={-1} data-page-title>
              Turn your study guide into a practice test.
            </h1>
            <p className="hero__lead">
              Upload a PDF, choose a topic, and StudyForge writes a practice test from it — with explanations that point
              back to the page you need to reread.
            </p>
            <div className="hero__actions">
              <ButtonLink href="/register" variant="primary" size="lg">
                Get Started
              </ButtonLink>
              <p className="hero__note">Free for students. Runs on your school&apos;s own server.</p>
            </div>
          </div>
          <SampleQuestion />
        </div>
      </section>

      <Section id="features-title" title="Everything you need to prepare">
        <ul className="features">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="feature">
              <span className="feature__icon">
                <Icon name={feature.icon} size={24} />
              </span>
              <h3 className="feature__title">{feature.title}</h3>
              <p className="feature__text">{feature.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="steps-title" title="How it works" tint>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className="step__title">{step.title}</h3>
                <p className="step__text">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="testimonials-title" title="What students and teachers say">
        <div className="testimonials">
          {TESTIMONIALS.map((item) => (
            <figure key={item.name} className="testimonial">
              <Icon name="quote" size={28} className="testimonial__mark" />
              <blockquote className="testimonial__quote">
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className="testimonial__by">
                <strong>{item.name}</strong>
                <span>{item.role}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </Section>

      <section className="landing-section landing-section--cta" aria-labelledby="cta-title">
        <div className="container">
          <div className="cta">
            <div>
              <h2 id="cta-title" className="cta__title">
                Ready for your next test?
              </h2>
              <p className="cta__text">Create an account with your e-mail address and upload your first study guide.</p>
            </div>
            <ButtonLink href="/register" variant="primary" size="lg" className="cta__button">
              Create Free Account
            </ButtonLink>
          </div>
        </div>
      </section>
    </div>
  );
}
