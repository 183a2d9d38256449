/** Biology content for `demo-bio-qa`: immunology (antibodies), virology, genetics. */
import { McItem, SampleDraft, mcDrafts } from "./types";

const ANTIBODIES: McItem[] = [
  { q: "Which class of antibody is the first to be produced in a primary immune response?", a: "IgM", d: ["IgG", "IgA", "IgE"], diff: "easy" },
  { q: "Which immunoglobulin isotype crosses the placenta and gives the fetus passive antibody immunity?", a: "IgG", d: ["IgM", "IgA", "IgE"], diff: "easy" },
  { q: "Which antibody class predominates in mucosal secretions such as saliva, tears and breast milk?", a: "Secretory IgA", d: ["IgG", "IgM", "IgE", "IgD"] },
  { q: "In type I hypersensitivity, cross-linking of which antibody bound to FcεRI on mast cells triggers degranulation and histamine release?", a: "IgE", d: ["IgG", "IgA", "IgM"] },
  { q: "Together with IgM, which immunoglobulin is co-expressed as a B cell receptor on mature naive B cells?", a: "IgD", d: ["IgE", "IgA", "IgG"], diff: "hard" },
  { q: "Which part of an antibody molecule contains the antigen-binding site (paratope)?", a: "The Fab fragment, formed by the variable domains of the heavy and light chains", d: ["The Fc region", "The hinge region", "The J chain"], diff: "easy" },
  { q: "Which region of an antibody binds Fc receptors on phagocytes and initiates complement activation?", a: "The Fc region of the heavy chains", d: ["The Fab region", "CDR1 of the light chain", "The kappa constant domain"] },
  { q: "Which enzyme is required in activated B cells for both antibody class-switch recombination and somatic hypermutation?", a: "Activation-induced cytidine deaminase (AID)", d: ["RAG1/RAG2 recombinase", "Terminal deoxynucleotidyl transferase (TdT)", "Artemis nuclease"], diff: "hard" },
  { q: "Which gene segments are joined by V(D)J recombination to form the variable region of an antibody heavy chain?", a: "V, D and J segments", d: ["V and J segments only", "V, D, J and C segments", "D and J segments only"] },
  { q: "Antibody affinity maturation in the germinal center results mainly from:", a: "Somatic hypermutation of variable-region genes followed by selection of high-affinity B cell clones", d: ["V(D)J recombination in the bone marrow", "Class switching to IgE", "Clonal deletion of B cells in the thymus"], diff: "hard" },
  { q: "Which complementarity-determining region contributes most to antibody diversity and usually lies at the center of the antigen-binding site?", a: "CDR3 of the heavy chain", d: ["CDR1 of the light chain", "Framework region 2", "The CH2 domain"], diff: "hard" },
  { q: "Which polypeptide links IgM monomers into a pentamer and IgA monomers into a dimer?", a: "The J chain", d: ["The secretory component", "The kappa light chain", "Beta-2 microglobulin"] },
  { q: "Antibody-dependent cellular cytotoxicity (ADCC) by natural killer cells depends mainly on which receptor binding IgG antibodies?", a: "FcγRIII (CD16)", d: ["CD40", "FcεRI", "Complement receptor 2 (CD21)"], diff: "hard" },
  { q: "Hybridoma technology for making monoclonal antibodies fuses antibody-secreting B cells with which cells?", a: "Myeloma cells", d: ["T lymphocytes", "Fibroblasts", "Macrophages"] },
  { q: "A therapeutic monoclonal antibody whose name ends in \"-zumab\", such as trastuzumab, is:", a: "Humanized", d: ["Fully murine", "Chimeric", "Fully human"] },
  { q: "Coating a bacterium with IgG antibodies so that neutrophils and macrophages can phagocytose it more efficiently is called:", a: "Opsonization", d: ["Agglutination", "Neutralization", "Precipitation"], diff: "easy" },
  { q: "Which antibody isotype is the most efficient activator of the classical complement pathway?", a: "IgM", d: ["IgG4", "IgA", "IgE"] },
  { q: "The isotype (class) of an antibody, such as IgG or IgA, is determined by:", a: "The constant region of its heavy chain", d: ["The variable region of its light chain", "The number of CDR loops", "Whether its light chain is kappa or lambda"] },
  { q: "Antibody class switching from IgM to IgG in a T-dependent response requires CD40 on the B cell to bind which molecule?", a: "CD40 ligand (CD154) on T follicular helper cells", d: ["MHC class I on the B cell", "CD28 on the B cell", "CD8 on cytotoxic T cells"], diff: "hard" },
  { q: "Neutralizing antibodies protect against viral infection primarily by:", a: "Blocking attachment of the virus to host cell receptors", d: ["Lysing infected cells directly", "Activating cytotoxic T cells", "Inhibiting the viral polymerase inside the cell"] },
  { q: "Compared with the primary antibody response, the secondary (anamnestic) antibody response is:", a: "Faster and of higher titer, dominated by high-affinity IgG antibodies", d: ["Slower and dominated by low-affinity IgM antibodies", "Identical in speed and antibody class", "Limited to IgD antibodies on naive B cells"] },
  { q: "Which cells differentiate into long-lived antibody-secreting cells that reside in the bone marrow?", a: "Plasma cells", d: ["Memory T cells", "NK cells", "Dendritic cells"], diff: "easy" },
  { q: "Anti-D (Rh) immune globulin given to an Rh-negative mother prevents hemolytic disease of the newborn because it:", a: "Clears fetal Rh-positive red cells before the mother makes her own anti-D antibodies", d: ["Stimulates maternal IgM antibody production", "Blocks placental transfer of IgA", "Activates complement in the fetus"], diff: "hard" },
  { q: "In an indirect ELISA for serum antibodies, the enzyme-labeled secondary antibody binds:", a: "The Fc region of the patient's primary antibody", d: ["The coated antigen directly", "The plastic of the well", "The chromogenic substrate"] },
  { q: "What are the two types of antibody light chains?", a: "Kappa and lambda", d: ["Alpha and gamma", "Mu and delta", "Epsilon and J"], diff: "easy" },
];

const VIROLOGY: McItem[] = [
  { q: "Which viral enzyme allows HIV to synthesize DNA from its RNA genome?", a: "Reverse transcriptase", d: ["RNA-dependent RNA polymerase", "DNA ligase", "Neuraminidase"], diff: "easy" },
  { q: "Which HIV coreceptor is absent in people homozygous for the Δ32 deletion, making them resistant to R5-tropic virus strains?", a: "CCR5", d: ["CXCR4", "CD4", "CD8"], diff: "hard" },
  { q: "Influenza antigenic shift, which can produce pandemic virus strains, results from:", a: "Reassortment of genome segments between different influenza A viruses", d: ["Point mutations in the hemagglutinin gene", "Recombination with a coronavirus genome", "Loss of the viral envelope"] },
  { q: "Antigenic drift of seasonal influenza viruses is caused by:", a: "Gradual point mutations in the hemagglutinin and neuraminidase genes", d: ["Reassortment of whole genome segments", "Integration of the virus into host DNA", "Acquisition of a new capsid from a bacteriophage"] },
  { q: "The antiviral drug oseltamivir treats influenza by inhibiting which viral protein?", a: "Neuraminidase, which releases new virions from the infected cell", d: ["Hemagglutinin, which mediates membrane fusion", "The M2 proton channel", "The viral RNA polymerase"] },
  { q: "The SARS-CoV-2 spike protein binds which receptor on human cells to enter them?", a: "ACE2", d: ["CD4", "DPP4", "Sialic acid"], diff: "easy" },
  { q: "In the Baltimore classification, a virus with a positive-sense single-stranded RNA genome, such as poliovirus, belongs to group:", a: "IV", d: ["I", "V", "VI"], diff: "hard" },
  { q: "After primary infection, herpes simplex virus type 1 establishes latency in:", a: "Sensory neurons of the trigeminal ganglion", d: ["Hepatocytes", "B lymphocytes", "Alveolar macrophages"] },
  { q: "High-risk human papillomavirus (HPV) types promote cervical cancer through the E6 and E7 oncoproteins, which inactivate:", a: "p53 and Rb", d: ["Ras and Myc", "BRCA1 and BRCA2", "APC and β-catenin"], diff: "hard" },
  { q: "In the lysogenic cycle of a temperate bacteriophage, the viral genome:", a: "Integrates into the host chromosome as a prophage", d: ["Immediately directs lysis of the host cell", "Is degraded by restriction enzymes", "Is packaged into a protein capsid without replication"] },
  { q: "What is the protein shell that encloses and protects a viral genome called?", a: "The capsid", d: ["The envelope", "The tegument", "The matrix"], diff: "easy" },
  { q: "Enveloped viruses such as influenza acquire their lipid envelope mainly by:", a: "Budding through a host cell membrane", d: ["Synthesizing lipids from viral genes", "Absorbing lipids from the bloodstream", "Fusing with bacterial membranes"] },
  { q: "A viral plaque assay measures:", a: "The concentration of infectious virus particles, in plaque-forming units per mL", d: ["The number of viral genome copies by PCR", "The antiviral antibody titer of serum", "The mutation rate of the viral polymerase"] },
  { q: "Hepatitis B virus is unusual among DNA viruses because it:", a: "Replicates through an RNA intermediate using reverse transcriptase", d: ["Has a segmented double-stranded RNA genome", "Lacks a capsid", "Replicates only in bacteria"], diff: "hard" },
  { q: "Prions, the agents of Creutzfeldt–Jakob disease, differ from viruses because they:", a: "Contain no nucleic acid and consist only of misfolded protein", d: ["Have a circular DNA genome", "Are always enveloped", "Replicate with an RNA-dependent RNA polymerase"] },
  { q: "Most RNA viruses have high mutation rates mainly because their RNA-dependent RNA polymerase:", a: "Lacks proofreading exonuclease activity", d: ["Copies DNA instead of RNA", "Is supplied by the host cell", "Works only at high temperature"] },
  { q: "mRNA vaccines against COVID-19 protect by:", a: "Delivering mRNA encoding the viral spike protein so that host cells express the antigen", d: ["Injecting inactivated whole virus", "Integrating the spike gene into the host genome", "Delivering ready-made neutralizing antibodies"] },
  { q: "The basic reproduction number (R0) of a virus is:", a: "The average number of secondary infections caused by one infected person in a fully susceptible population", d: ["The number of virions released per infected cell", "The fraction of infected people who die", "The time between infection and symptoms"], diff: "easy" },
  { q: "Type I interferons released by virus-infected cells act mainly by:", a: "Inducing an antiviral state in neighboring cells", d: ["Directly lysing free virions", "Neutralizing the viral spike protein", "Activating reverse transcription"] },
  { q: "Ebola virus and Marburg virus belong to which virus family?", a: "Filoviridae", d: ["Flaviviridae", "Paramyxoviridae", "Arenaviridae"] },
  { q: "Dengue, Zika and yellow fever viruses are transmitted to humans mainly by:", a: "Aedes mosquitoes", d: ["Anopheles mosquitoes", "Ixodes ticks", "Sandflies"] },
  { q: "Which retroviral enzyme inserts viral cDNA into the host cell genome?", a: "Integrase", d: ["Protease", "Reverse transcriptase", "Neuraminidase"] },
  { q: "The hemagglutinin of influenza virus attaches to host cells by binding:", a: "Sialic acid residues on cell-surface glycoproteins", d: ["The ACE2 receptor", "The CD4 receptor", "Heparan sulfate on neurons"], diff: "hard" },
  { q: "Acyclovir, used against herpesviruses, becomes active after phosphorylation by which enzyme?", a: "Viral thymidine kinase", d: ["Host reverse transcriptase", "Viral neuraminidase", "Host integrase"], diff: "hard" },
];

const GENETICS_FACTS: McItem[] = [
  { q: "In which direction does RNA polymerase synthesize a new mRNA strand during transcription?", a: "5' to 3'", d: ["3' to 5'", "Both directions at once", "N-terminus to C-terminus"], diff: "easy" },
  { q: "A point mutation that changes an amino-acid codon into a stop codon is called a:", a: "Nonsense mutation", d: ["Missense mutation", "Silent mutation", "Frameshift mutation"], diff: "easy" },
  { q: "A trait that appears far more often in males and is never passed from father to son most likely follows which inheritance pattern?", a: "X-linked recessive", d: ["Autosomal dominant", "Y-linked", "Mitochondrial"] },
  { q: "Most cases of Down syndrome (trisomy 21) result from:", a: "Nondisjunction of chromosome 21 during maternal meiosis", d: ["A point mutation in a single gene", "Deletion of part of chromosome 5", "Uniparental disomy of chromosome 15"] },
  { q: "In CRISPR-Cas9 genome editing, what directs the Cas9 nuclease to its target DNA sequence?", a: "A guide RNA complementary to the target, next to a PAM sequence", d: ["A zinc-finger DNA-binding domain", "A restriction enzyme recognition site", "A methylated CpG island"] },
  { q: "Human mitochondrial DNA is inherited:", a: "Almost exclusively from the mother", d: ["Almost exclusively from the father", "Equally from both parents", "Only by sons"], diff: "easy" },
  { q: "Epistasis in genetics describes a situation in which:", a: "The allele of one gene masks or modifies the phenotypic effect of another gene", d: ["Two alleles of the same gene are both expressed", "A gene is inherited only through mitochondria", "Crossing over occurs between sister chromatids"] },
  { q: "Genomic imprinting means that:", a: "Expression of an allele depends on whether it was inherited from the mother or the father", d: ["Every gene is expressed from both alleles", "Mutations are copied during DNA replication", "Genes on the Y chromosome are silenced"], diff: "hard" },
  { q: "Which laboratory technique amplifies a specific DNA segment exponentially using primers and a heat-stable DNA polymerase?", a: "Polymerase chain reaction (PCR)", d: ["Southern blotting", "Gel electrophoresis", "Western blotting"], diff: "easy" },
  { q: "The degeneracy (redundancy) of the genetic code means that:", a: "Several different codons can specify the same amino acid", d: ["One codon can specify several amino acids", "Codons overlap by one base", "Stop codons also encode methionine"] },
  { q: "Mendel's law of independent assortment holds for two genes only if they:", a: "Are on different chromosomes or far apart on the same chromosome", d: ["Are tightly linked on the same chromosome", "Are both dominant", "Are on the Y chromosome"] },
  { q: "The high frequency of the sickle-cell allele in regions with endemic malaria is an example of:", a: "Heterozygote advantage (balancing selection)", d: ["Genetic drift in a small population", "A founder effect", "Directional selection against heterozygotes"], diff: "hard" },
];

/** Parametric genetics problems: Mendelian crosses, Hardy–Weinberg, linkage maps. */
function geneticsProblems(): McItem[] {
  const traits = [
    { org: "pea plants", dom: "tall", rec: "dwarf", g: "T" },
    { org: "pea plants", dom: "yellow seeds", rec: "green seeds", g: "Y" },
    { org: "mice", dom: "black coat", rec: "brown coat", g: "B" },
    { org: "fruit flies", dom: "normal wings", rec: "vestigial wings", g: "V" },
  ];
  const crosses = [
    { p1: "Aa", p2: "Aa", frac: "1/4" },
    { p1: "Aa", p2: "aa", frac: "1/2" },
    { p1: "AA", p2: "aa", frac: "0" },
    { p1: "Aa", p2: "Aa", frac: "1/4" },
  ];
  const items: McItem[] = [];
  traits.forEach((t, i) => {
    const c = crosses[i];
    const g1 = c.p1.replace(/A/g, t.g).replace(/a/g, t.g.toLowerCase());
    const g2 = c.p2.replace(/A/g, t.g).replace(/a/g, t.g.toLowerCase());
    items.push({
      q: `In ${t.org}, the allele for ${t.dom} (${t.g}) is completely dominant over the allele for ${t.rec} (${t.g.toLowerCase()}). If a ${g1} individual is crossed with a ${g2} individual, what fraction of the offspring is expected to show the recessive ${t.rec} phenotype?`,
      a: c.frac,
      d: ["0", "1/4", "1/2", "3/4"].filter((x) => x !== c.frac),
      tag: "mendelian inheritance",
    });
  });
  items.push({
    q: "In a dihybrid cross AaBb × AaBb with complete dominance and independent assortment, what fraction of the offspring shows both recessive phenotypes?",
    a: "1/16", d: ["9/16", "3/16", "1/4"], tag: "mendelian inheritance",
  });
  items.push({
    q: "In a dihybrid cross RrYy × RrYy between round-yellow pea plants, what fraction of the offspring is expected to be round and yellow?",
    a: "9/16", d: ["3/16", "1/16", "3/4"], tag: "mendelian inheritance",
  });
  const hw = [
    { pct: 16, trait: "cystic fibrosis carrier screening", q: 0.4 },
    { pct: 4, trait: "attached earlobes", q: 0.2 },
    { pct: 9, trait: "albinism in a plant population", q: 0.3 },
    { pct: 25, trait: "white flower color", q: 0.5 },
  ];
  for (const h of hw) {
    const p = 1 - h.q;
    const het = (2 * p * h.q).toFixed(2);
    items.push({
      q: `A population is in Hardy–Weinberg equilibrium for a gene with two alleles. In a study of ${h.trait}, ${h.pct}% of individuals show the recessive phenotype. What is the expected frequency of heterozygous carriers?`,
      a: het,
      d: [(p * p).toFixed(2), h.q.toFixed(2), p.toFixed(2)].filter((x) => x !== het),
      diff: "hard", tag: "population genetics",
    });
  }
  const maps = [
    { dist: 12, n: 1000 },
    { dist: 8, n: 500 },
  ];
  for (const m of maps) {
    const rec = String((m.dist / 100) * m.n);
    items.push({
      q: `Genes D and E are linked and lie ${m.dist} map units (centimorgans) apart. A DdEe fly with both dominant alleles on the same chromosome is testcrossed to a ddee fly, producing ${m.n} offspring. About how many offspring are expected to be recombinant?`,
      a: rec,
      d: [String(m.n / 2), String(((m.dist / 2) / 100) * m.n), String(m.n - Number(rec))],
      diff: "hard", tag: "linkage mapping",
    });
  }
  return items;
}

export function biologyDrafts(): SampleDraft[] {
  return [
    ...mcDrafts(ANTIBODIES, ["biology", "immunology", "antibodies"], "bio-ab"),
    ...mcDrafts(VIROLOGY, ["biology", "virology"], "bio-vir"),
    ...mcDrafts(GENETICS_FACTS, ["biology", "genetics"], "bio-gen"),
    ...mcDrafts(geneticsProblems(), ["biology", "genetics"], "bio-gen-p"),
  ];
}
