/** Writing content for `demo-writing-judge`: creative and business writing prompts (ranked by a judge). */
import { SampleDraft } from "./types";

const CREATIVE_FORMS = [
  "a short story of under 300 words",
  "a sonnet",
  "a piece of flash fiction of exactly 100 words",
  "the opening paragraph of a novel",
  "a villanelle",
];
const CREATIVE_SUBJECTS: [subject: string, setting: string][] = [
  ["a lighthouse keeper who receives a letter addressed to someone who died a century ago", "on a foggy island off the coast of Maine"],
  ["two rival bakers forced to share one oven", "in a village during a winter blackout"],
  ["a child who discovers that the family cat can read", "in a cramped Tokyo apartment"],
  ["an astronaut's last message home", "aboard a failing research station orbiting Europa"],
];
const CREATIVE_CONSTRAINTS = [
  "Use vivid sensory imagery and end with a twist.",
  "Tell it in the second person.",
  "Avoid any dialogue.",
  "Make the tone bittersweet rather than tragic.",
  "Include a recurring image of a red umbrella.",
];

const BUSINESS_DOCS: [doc: string, topic: string][] = [
  ["a concise email to a client", "explaining a two-week delay in delivering their mobile app and what you will do to make up for it"],
  ["an internal memo to all staff", "announcing a new hybrid work policy with three office days per week"],
  ["a press release", "announcing that a regional grocery chain will eliminate single-use plastic bags by next year"],
  ["a one-page executive summary", "of a proposal to replace the company's legacy CRM with a cloud-based system"],
  ["a job posting", "for a senior data engineer at a 40-person logistics startup"],
  ["a customer apology letter", "after a data breach exposed customers' email addresses but no passwords"],
  ["a LinkedIn post", "celebrating a team that shipped a product after a difficult year"],
  ["a product update announcement", "introducing offline mode in a note-taking app"],
  ["a polite payment reminder", "to a client whose invoice is 30 days overdue"],
  ["a project status report", "for a website redesign that is on budget but one sprint behind schedule"],
];
const BUSINESS_AUDIENCES = [
  "Keep it under 200 words and use a confident, friendly tone.",
  "Write for readers who will skim it on a phone: short paragraphs and a clear call to action.",
];

export function creativeDrafts(): SampleDraft[] {
  const out: SampleDraft[] = [];
  for (let i = 0; i < 20; i++) {
    const form = CREATIVE_FORMS[i % CREATIVE_FORMS.length];
    const [subject, setting] = CREATIVE_SUBJECTS[i % CREATIVE_SUBJECTS.length];
    const constraint = CREATIVE_CONSTRAINTS[(i * 3) % CREATIVE_CONSTRAINTS.length];
    out.push({
      input: `Write ${form} about ${subject}, set ${setting}. ${constraint}`,
      tags: ["writing", "creative writing", form.includes("sonnet") || form.includes("villanelle") ? "poetry" : "fiction"],
      difficulty: form.includes("villanelle") || form.includes("exactly") ? "hard" : undefined,
    });
  }
  return out;
}

export function businessDrafts(): SampleDraft[] {
  const out: SampleDraft[] = [];
  for (let i = 0; i < 20; i++) {
    const [doc, topic] = BUSINESS_DOCS[i % BUSINESS_DOCS.length];
    const audience = BUSINESS_AUDIENCES[Math.floor(i / BUSINESS_DOCS.length)];
    out.push({
      input: `Draft ${doc} ${topic}. ${audience}`,
      tags: ["writing", "business writing"],
    });
  }
  return out;
}
