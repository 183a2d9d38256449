/** Translation content for `demo-translate`: English sentences into French, German and Spanish, with references. */
import { Difficulty, SampleDraft } from "./types";

interface Sentence {
  en: string;
  fr: string;
  de: string;
  es: string;
  domain: string;
  diff?: Difficulty;
}

const SENTENCES: Sentence[] = [
  {
    en: "The train to Lyon has been delayed by forty minutes because of a signal failure.",
    fr: "Le train pour Lyon a été retardé de quarante minutes en raison d'une panne de signalisation.",
    de: "Der Zug nach Lyon hat wegen einer Signalstörung vierzig Minuten Verspätung.",
    es: "El tren a Lyon se ha retrasado cuarenta minutos debido a un fallo de señalización.",
    domain: "travel", diff: "easy",
  },
  {
    en: "Please take one tablet twice a day with food and do not exceed the stated dose.",
    fr: "Veuillez prendre un comprimé deux fois par jour au cours d'un repas et ne pas dépasser la dose indiquée.",
    de: "Bitte nehmen Sie zweimal täglich eine Tablette zu einer Mahlzeit ein und überschreiten Sie nicht die angegebene Dosis.",
    es: "Tome un comprimido dos veces al día con las comidas y no supere la dosis indicada.",
    domain: "medical",
  },
  {
    en: "Our quarterly revenue grew by twelve percent, driven mainly by strong demand in Asia.",
    fr: "Notre chiffre d'affaires trimestriel a augmenté de douze pour cent, porté principalement par une forte demande en Asie.",
    de: "Unser Quartalsumsatz stieg um zwölf Prozent, vor allem dank einer starken Nachfrage in Asien.",
    es: "Nuestros ingresos trimestrales crecieron un doce por ciento, impulsados principalmente por una fuerte demanda en Asia.",
    domain: "business",
  },
  {
    en: "If you had told me earlier, I would have booked a bigger table for everyone.",
    fr: "Si tu me l'avais dit plus tôt, j'aurais réservé une table plus grande pour tout le monde.",
    de: "Wenn du es mir früher gesagt hättest, hätte ich einen größeren Tisch für alle reserviert.",
    es: "Si me lo hubieras dicho antes, habría reservado una mesa más grande para todos.",
    domain: "conversation", diff: "hard",
  },
  {
    en: "The museum is closed on Mondays, but guided tours are available on weekends.",
    fr: "Le musée est fermé le lundi, mais des visites guidées sont proposées le week-end.",
    de: "Das Museum ist montags geschlossen, aber am Wochenende werden Führungen angeboten.",
    es: "El museo cierra los lunes, pero hay visitas guiadas los fines de semana.",
    domain: "travel", diff: "easy",
  },
  {
    en: "The software update fixes a security vulnerability and improves battery life.",
    fr: "La mise à jour du logiciel corrige une faille de sécurité et améliore l'autonomie de la batterie.",
    de: "Das Software-Update behebt eine Sicherheitslücke und verbessert die Akkulaufzeit.",
    es: "La actualización del software corrige una vulnerabilidad de seguridad y mejora la duración de la batería.",
    domain: "technology",
  },
  {
    en: "Despite the heavy rain, thousands of people gathered in the square to celebrate the victory.",
    fr: "Malgré la forte pluie, des milliers de personnes se sont rassemblées sur la place pour célébrer la victoire.",
    de: "Trotz des starken Regens versammelten sich Tausende Menschen auf dem Platz, um den Sieg zu feiern.",
    es: "A pesar de la intensa lluvia, miles de personas se reunieron en la plaza para celebrar la victoria.",
    domain: "news",
  },
  {
    en: "She hardly ever complains, which is why everyone noticed when she finally spoke up.",
    fr: "Elle ne se plaint presque jamais, c'est pourquoi tout le monde l'a remarqué quand elle a enfin pris la parole.",
    de: "Sie beschwert sich fast nie, deshalb fiel es allen auf, als sie sich endlich zu Wort meldete.",
    es: "Casi nunca se queja, por eso todos lo notaron cuando por fin alzó la voz.",
    domain: "literary", diff: "hard",
  },
];

const LANGS: [code: "fr" | "de" | "es", name: string][] = [
  ["fr", "French"],
  ["de", "German"],
  ["es", "Spanish"],
];

export function translationDrafts(): SampleDraft[] {
  const out: SampleDraft[] = [];
  for (const [code, name] of LANGS) {
    for (const s of SENTENCES) {
      out.push({
        input: `Translate the following English sentence into ${name}:\n${s.en}`,
        reference: s[code],
        tags: ["translation", "machine translation", `english-${name.toLowerCase()}`, s.domain],
        difficulty: s.diff,
        meta: { target_language: code },
      });
    }
  }
  return out;
}
