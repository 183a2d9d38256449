/** Open-ended chat content: `demo-chat-arena` (arena battles, judge grades) and `demo-alpaca-eval` (instruction following). */
import { Difficulty, SampleDraft } from "./types";

const ARENA: [flavor: string, prompt: string, diff?: Difficulty][] = [
  ["advice", "I'm moving to a new city for work and don't know anyone there. How can I build a social circle in the first three months?"],
  ["advice", "My manager keeps scheduling meetings during my focus time. How do I bring this up without sounding difficult?"],
  ["advice", "I have $5,000 in credit card debt at 24% APR and $3,000 in savings. Should I pay off the debt now or keep an emergency fund? Explain the trade-offs."],
  ["advice", "My teenage son spends six hours a day gaming and his grades are slipping. How should I talk to him about it?"],
  ["advice", "I'm a junior developer and feel lost in code reviews. What habits would help me give and receive better feedback?"],
  ["advice", "What's a realistic plan to go from not running at all to finishing a 10K in twelve weeks?", "easy"],
  ["explanation", "Explain how a transformer language model predicts the next word, to someone who knows high-school math."],
  ["explanation", "Why does the sky look blue during the day but red and orange at sunset?", "easy"],
  ["explanation", "What actually happens inside a bank when the central bank raises interest rates? Walk me through it."],
  ["explanation", "Explain the difference between a virus and a bacterium, and why antibiotics don't work on the flu.", "easy"],
  ["explanation", "How do noise-cancelling headphones work, and why are they worse at cancelling voices than engine hum?"],
  ["explanation", "Explain public-key cryptography with an analogy a ten-year-old would understand, then point out where the analogy breaks down.", "hard"],
  ["explanation", "Why did the Roman Empire in the West collapse while the Eastern Empire lasted another thousand years?", "hard"],
  ["brainstorming", "Give me ten names for a small bakery that specializes in sourdough and Scandinavian pastries, with a one-line rationale for each."],
  ["brainstorming", "Brainstorm fifteen low-cost activities for a team offsite of twelve remote engineers who have never met in person."],
  ["brainstorming", "Suggest eight science fair project ideas for a 12-year-old interested in plants, each doable at home for under $20.", "easy"],
  ["brainstorming", "I run a neighborhood library. Brainstorm ways to get more teenagers to visit without turning it into an arcade."],
  ["brainstorming", "List creative uses for leftover cooked rice that aren't fried rice."],
  ["roleplay", "Pretend you are a grumpy but kind lighthouse keeper in 1890. A lost traveler knocks at your door during a storm. Stay in character."],
  ["roleplay", "Act as a job interviewer for a product manager role. Ask me one question at a time and give feedback after each answer.", "hard"],
  ["roleplay", "You are a medieval town crier. Announce, in character, that the town's new public library is opening."],
  ["reasoning", "If it takes 5 machines 5 minutes to make 5 widgets, how long would it take 100 machines to make 100 widgets? Explain your reasoning.", "easy"],
  ["reasoning", "A bat and a ball cost $1.10 in total. The bat costs $1.00 more than the ball. How much does the ball cost? Explain why the intuitive answer is wrong."],
  ["reasoning", "Three friends check into a hotel room for $30, the clerk refunds $5, the bellboy keeps $2 and returns $1 each. Where did the missing dollar go?", "hard"],
  ["reasoning", "I have a 3-liter jug and a 5-liter jug and unlimited water. How do I measure exactly 4 liters?"],
  ["opinion", "Is it better to learn Python or JavaScript as a first programming language in 2025? Give a balanced answer."],
  ["opinion", "Should cities ban cars from their historic centers? Present the strongest arguments on both sides."],
  ["opinion", "What are the pros and cons of a four-day work week for a small manufacturing company?"],
  ["humor", "Write a short, clean stand-up bit about trying to assemble flat-pack furniture with instructions that have no words."],
  ["humor", "Tell me a joke that a cat would find funny, then explain why a dog wouldn't get it.", "easy"],
];

const INSTRUCT: [flavor: string, prompt: string, diff?: Difficulty][] = [
  ["formatting", "List five tips for reducing household food waste as a numbered list, each under 15 words.", "easy"],
  ["formatting", "Summarize the plot of Romeo and Juliet in exactly three sentences."],
  ["formatting", "Return a JSON object with keys \"city\", \"country\" and \"population\" for the three largest cities in Japan. Output only the JSON."],
  ["formatting", "Write a haiku about a rainy Monday morning. Follow the 5-7-5 syllable pattern.", "easy"],
  ["formatting", "Create a markdown table comparing three note-taking apps by price, platforms and offline support."],
  ["formatting", "Write a limerick about a programmer who forgot a semicolon, and then give its rhyme scheme."],
  ["rewriting", "Rewrite this email to sound more polite and professional: \"Send me the report today. It's already late and I'm tired of waiting.\""],
  ["rewriting", "Rewrite the following sentence in plain English for a general audience: \"The aforementioned remuneration shall be disbursed forthwith upon receipt of the requisite documentation.\""],
  ["rewriting", "Turn this bullet list into a friendly paragraph for a newsletter: - office closed Friday - new coffee machine - welcome to Priya from design"],
  ["rewriting", "Shorten this product description to under 40 words without losing the key features: \"Our ergonomic office chair has adjustable lumbar support, breathable mesh, 4D armrests, a tilt lock, and a 10-year warranty, making it ideal for long working days at home or in the office.\""],
  ["rewriting", "Convert this passive-voice paragraph to active voice: \"The experiment was conducted by the students. The results were recorded in a notebook and were later analyzed by the teacher.\"", "easy"],
  ["extraction", "Extract all dates and the events they refer to from this text, as a list: \"The contract was signed on 3 March 2021, amended on 15 July 2022, and terminated on 1 January 2024.\""],
  ["extraction", "From the sentence \"Maria, a nurse from Lisbon, met Tom, an architect from Leeds, in Paris\", list each person with their job and home city."],
  ["classification", "Classify each review as positive, negative or mixed: 1) \"Great battery, awful screen.\" 2) \"Arrived broken.\" 3) \"Exceeded every expectation.\"", "easy"],
  ["classification", "Label each of these support tickets with a priority (low, medium, high) and explain briefly: \"Can't log in since this morning\", \"Typo on pricing page\", \"Payment charged twice\"."],
  ["constraints", "Write a 100-word story about a robot learning to paint that does not use the letter \"z\" and ends with a question.", "hard"],
  ["constraints", "Explain photosynthesis to a seven-year-old using no more than 60 words and no technical terms."],
  ["constraints", "Write a product tagline for an electric bicycle in under 8 words, then give two alternatives in a different tone."],
  ["constraints", "Give me a packing list for a three-day hiking trip in autumn, grouped into clothing, gear and food, with at most six items per group."],
  ["constraints", "Write a polite refusal to a wedding invitation in exactly two sentences, without giving a reason.", "hard"],
  ["planning", "Plan a one-day itinerary in Kyoto for a first-time visitor who loves gardens and wants to avoid crowds. Include times."],
  ["planning", "Draft a weekly meal plan for a vegetarian family of four on a tight budget, with a shopping list at the end."],
  ["planning", "Outline a 30-minute lesson plan that introduces fractions to fourth graders using pizza slices."],
  ["planning", "Create a step-by-step checklist for migrating a small WordPress blog to a new hosting provider."],
];

export function arenaDrafts(): SampleDraft[] {
  return ARENA.map(([flavor, prompt, diff]) => ({ input: prompt, tags: ["chat", "open-ended conversation", flavor], difficulty: diff }));
}

export function instructDrafts(): SampleDraft[] {
  return INSTRUCT.map(([flavor, prompt, diff]) => ({ input: prompt, tags: ["chat", "instruction following", flavor], difficulty: diff }));
}
