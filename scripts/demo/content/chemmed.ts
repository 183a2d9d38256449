/** Chemistry and medicine content for `demo-chem-med-qa`: general chemistry and pharmacology. */
import { McItem, SampleDraft, mcDrafts, num } from "./types";

const CHEMISTRY: McItem[] = [
  { q: "Which element has the highest electronegativity on the Pauling scale?", a: "Fluorine", d: ["Oxygen", "Chlorine", "Nitrogen"], diff: "easy" },
  { q: "Across a period of the periodic table from left to right, first ionization energy generally:", a: "Increases, because effective nuclear charge increases", d: ["Decreases, because atomic radius increases", "Stays constant", "Increases, because shielding increases"] },
  { q: "What is the hybridization of the carbon atoms in ethene (C2H4)?", a: "sp2", d: ["sp", "sp3", "sp3d"] },
  { q: "According to VSEPR theory, what is the molecular geometry of water?", a: "Bent, with a bond angle of about 104.5°", d: ["Linear", "Trigonal planar", "Tetrahedral with 109.5° angles between the H atoms"], diff: "easy" },
  { q: "For the exothermic equilibrium N2(g) + 3H2(g) ⇌ 2NH3(g), which change increases the equilibrium yield of ammonia?", a: "Increasing the pressure", d: ["Increasing the temperature", "Adding a catalyst", "Removing hydrogen"], diff: "hard" },
  { q: "A catalyst increases the rate of a chemical reaction by:", a: "Providing an alternative pathway with a lower activation energy", d: ["Increasing the enthalpy change", "Shifting the equilibrium toward products", "Raising the temperature of the mixture"] },
  { q: "In the reaction Zn + Cu²⁺ → Zn²⁺ + Cu, which species is oxidized?", a: "Zinc metal", d: ["Copper(II) ion", "Zinc(II) ion", "Copper metal"] },
  { q: "A buffer solution resists changes in pH because it contains:", a: "A weak acid and its conjugate base in comparable amounts", d: ["Only a strong acid", "Only a strong base", "Pure water and a salt of a strong acid"] },
  { q: "An SN2 reaction at a chiral carbon center proceeds with:", a: "Inversion of configuration in a single concerted step", d: ["Retention of configuration through a carbocation", "Racemization through a carbocation", "No change because the carbon is not attacked"], diff: "hard", tag: "organic chemistry" },
  { q: "Benzene is unusually stable because of:", a: "Aromaticity from six delocalized π electrons in a planar ring", d: ["Three isolated double bonds", "sp3 hybridized carbons", "Hydrogen bonding between molecules"], tag: "organic chemistry" },
  { q: "Which intermolecular force explains the unusually high boiling point of water compared with H2S?", a: "Hydrogen bonding", d: ["London dispersion forces", "Ionic bonding", "Metallic bonding"], diff: "easy" },
  { q: "Hund's rule states that electrons fill degenerate orbitals:", a: "Singly with parallel spins before any orbital is doubly occupied", d: ["In pairs before moving to the next orbital", "In order of increasing principal quantum number only", "With opposite spins in each orbital first"] },
  { q: "A reaction with ΔH < 0 and ΔS > 0 is:", a: "Spontaneous at all temperatures", d: ["Nonspontaneous at all temperatures", "Spontaneous only at high temperature", "Spontaneous only at low temperature"], diff: "hard" },
];

function chemistryProblems(): McItem[] {
  const items: McItem[] = [];
  for (const [f, m, n] of [["CO2", 44.01, 2.5], ["NaCl", 58.44, 0.5], ["CaCO3", 100.09, 1.5], ["C6H12O6", 180.16, 0.25]] as const) {
    const grams = num(m * n);
    items.push({
      q: `How many moles are in ${grams} g of ${f} (molar mass ${m} g/mol)?`,
      a: `${n} mol`,
      d: [`${num(1 / n)} mol`, `${num(n * 10)} mol`, `${num(n * 2)} mol`],
      tag: "stoichiometry",
    });
  }
  for (const e of [3, 5, 11]) {
    items.push({
      q: `What is the pH of an aqueous solution at 25 °C with a hydrogen ion concentration of 1.0 × 10⁻${e === 11 ? "¹¹" : e === 3 ? "³" : "⁵"} M?`,
      a: String(e),
      d: [String(14 - e), String(-e), String(e + 1)],
      tag: "acids and bases",
      diff: "easy",
    });
  }
  for (const [m1, v1, v2] of [[6, 50, 300], [2, 125, 500]] as const) {
    items.push({
      q: `A chemist dilutes ${v1} mL of ${m1}.0 M hydrochloric acid to a final volume of ${v2} mL. What is the new concentration?`,
      a: `${num((m1 * v1) / v2)} M`,
      d: [`${num((m1 * v2) / v1)} M`, `${num(m1 - (m1 * v1) / v2)} M`, `${m1} M`],
      tag: "solutions",
    });
  }
  for (const n of [0.5, 3]) {
    items.push({
      q: `What volume does ${n} mol of an ideal gas occupy at STP (0 °C, 1 atm)?`,
      a: `${num(n * 22.4)} L`,
      d: [`${num(22.4 / n)} L`, `${num(n * 8.314)} L`, "22.4 L"],
      tag: "gas laws",
    });
  }
  return items;
}

const PHARMACOLOGY: McItem[] = [
  { q: "A patient started on lisinopril develops a persistent dry cough. This side effect of ACE inhibitors is caused by accumulation of:", a: "Bradykinin", d: ["Angiotensin II", "Histamine", "Aldosterone"] },
  { q: "Warfarin exerts its anticoagulant effect by inhibiting:", a: "Vitamin K epoxide reductase, reducing synthesis of clotting factors II, VII, IX and X", d: ["Thrombin directly", "Platelet COX-1", "Factor Xa directly"], diff: "hard" },
  { q: "Which agent reverses the anticoagulant effect of unfractionated heparin?", a: "Protamine sulfate", d: ["Vitamin K", "Naloxone", "Flumazenil"] },
  { q: "Statins such as atorvastatin lower LDL cholesterol by inhibiting:", a: "HMG-CoA reductase", d: ["Lipoprotein lipase", "Cholesterol absorption in the gut", "PCSK9"], diff: "easy" },
  { q: "The main mechanism by which metformin lowers blood glucose in type 2 diabetes is:", a: "Decreasing hepatic gluconeogenesis", d: ["Stimulating insulin release from beta cells", "Blocking intestinal glucose absorption completely", "Inhibiting renal SGLT2"] },
  { q: "Penicillin antibiotics kill bacteria by:", a: "Inhibiting transpeptidases (penicillin-binding proteins) that cross-link the peptidoglycan cell wall", d: ["Blocking the 30S ribosomal subunit", "Inhibiting DNA gyrase", "Disrupting fungal ergosterol"], diff: "easy" },
  { q: "Low-dose aspirin prevents heart attacks because it:", a: "Irreversibly inhibits platelet COX-1, reducing thromboxane A2", d: ["Reversibly blocks the P2Y12 receptor", "Activates plasminogen", "Inhibits vitamin K recycling"] },
  { q: "Which drug is given to reverse respiratory depression from an opioid overdose?", a: "Naloxone", d: ["Flumazenil", "Atropine", "Physostigmine"], diff: "easy" },
  { q: "The antidote for acetaminophen (paracetamol) overdose is:", a: "N-acetylcysteine, which replenishes glutathione", d: ["Activated vitamin K", "Deferoxamine", "Fomepizole"] },
  { q: "Non-selective beta-blockers such as propranolol should be avoided in patients with:", a: "Asthma, because β2 blockade can cause bronchoconstriction", d: ["Hypertension", "Migraine", "Essential tremor"] },
  { q: "Furosemide, a loop diuretic, acts by inhibiting:", a: "The Na-K-2Cl cotransporter in the thick ascending limb of the loop of Henle", d: ["The Na-Cl cotransporter in the distal tubule", "Carbonic anhydrase", "Aldosterone receptors"], diff: "hard" },
  { q: "Digoxin increases cardiac contractility by inhibiting:", a: "The Na+/K+-ATPase in cardiac myocytes", d: ["Beta-1 adrenergic receptors", "L-type calcium channels", "Phosphodiesterase 5"], diff: "hard" },
  { q: "Proton pump inhibitors such as omeprazole reduce gastric acid by blocking:", a: "The H+/K+-ATPase of parietal cells", d: ["H2 histamine receptors", "Muscarinic receptors", "Gastrin release"] },
  { q: "Selective serotonin reuptake inhibitors (SSRIs) such as sertraline act by:", a: "Blocking the serotonin transporter (SERT) at the presynaptic neuron", d: ["Inhibiting monoamine oxidase", "Blocking dopamine D2 receptors", "Enhancing GABA-A receptor activity"] },
  { q: "Which drug reverses a benzodiazepine overdose?", a: "Flumazenil", d: ["Naloxone", "Protamine", "Glucagon"] },
  { q: "Organophosphate insecticide poisoning is treated with atropine plus:", a: "Pralidoxime, which reactivates acetylcholinesterase", d: ["Neostigmine", "Succinylcholine", "Physostigmine"], diff: "hard" },
  { q: "Aminoglycoside antibiotics such as gentamicin are notable for which toxicities?", a: "Nephrotoxicity and ototoxicity", d: ["Tendon rupture and QT prolongation", "Red man syndrome", "Disulfiram-like reaction"] },
  { q: "Sildenafil must not be combined with nitrates such as nitroglycerin because:", a: "Both increase cGMP-mediated vasodilation and can cause severe hypotension", d: ["Nitrates block sildenafil metabolism", "Sildenafil causes bronchospasm", "The combination causes hyperkalemia"] },
  { q: "Tamoxifen is used in estrogen receptor–positive breast cancer because it:", a: "Acts as a selective estrogen receptor modulator that antagonizes estrogen in breast tissue", d: ["Inhibits aromatase", "Blocks HER2 signaling", "Inhibits topoisomerase II"] },
  { q: "Lithium, used for bipolar disorder, requires regular blood level monitoring mainly because:", a: "It has a narrow therapeutic index and can cause toxicity", d: ["It is a prodrug", "It is metabolized by CYP3A4 only", "It induces its own metabolism"] },
  { q: "Levothyroxine is the standard treatment for:", a: "Hypothyroidism", d: ["Hyperthyroidism", "Adrenal insufficiency", "Diabetes insipidus"], diff: "easy" },
  { q: "Fluoroquinolone antibiotics such as ciprofloxacin carry a warning for:", a: "Tendinopathy and tendon rupture", d: ["Gray baby syndrome", "Tooth discoloration in adults only", "Hyperkalemia"] },
];

export function chemMedDrafts(): SampleDraft[] {
  return [
    ...mcDrafts(CHEMISTRY, ["chemistry", "general chemistry"], "chem"),
    ...mcDrafts(chemistryProblems(), ["chemistry", "general chemistry"], "chem-p"),
    ...mcDrafts(PHARMACOLOGY, ["medicine", "pharmacology"], "med"),
  ];
}
