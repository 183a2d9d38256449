/** Economics content for `demo-econ-qa`: macroeconomics and microeconomics. */
import { McItem, SampleDraft, mcDrafts, num } from "./types";

const MACRO: McItem[] = [
  { q: "Which combination is an example of expansionary fiscal policy?", a: "Increasing government spending and cutting income taxes", d: ["Raising the reserve requirement", "Selling government bonds in open market operations", "Raising taxes to balance the budget during a recession"], diff: "easy" },
  { q: "When a central bank buys government bonds in open market operations, the most likely short-run effect is:", a: "Bank reserves rise and short-term interest rates fall", d: ["Bank reserves fall and interest rates rise", "The budget deficit shrinks", "The exchange rate appreciates sharply"] },
  { q: "Stagflation, as in the 1970s oil crisis, is best described as:", a: "High inflation combined with high unemployment and stagnant output, often after a negative supply shock", d: ["Falling prices with rising output", "Rapid growth with low unemployment", "A liquidity trap with deflation"] },
  { q: "The short-run Phillips curve shows:", a: "An inverse relationship between the inflation rate and the unemployment rate", d: ["A positive relationship between GDP growth and interest rates", "That inflation is independent of unemployment", "The relationship between tax rates and tax revenue"] },
  { q: "Which item is counted in a country's gross domestic product (GDP)?", a: "A new house built and sold this year", d: ["Social Security transfer payments", "The resale of a used car", "The purchase of shares of stock"], diff: "easy" },
  { q: "Crowding out occurs when:", a: "Government borrowing raises interest rates and reduces private investment", d: ["Imports replace domestic production", "Central bank purchases lower interest rates", "Tax cuts raise private saving one for one"] },
  { q: "In a liquidity trap, conventional monetary policy is ineffective because:", a: "Nominal interest rates are at or near the zero lower bound", d: ["Inflation is too high", "The government runs a budget surplus", "The money multiplier is infinite"], diff: "hard" },
  { q: "Quantitative easing refers to a central bank:", a: "Purchasing large amounts of longer-term securities to lower long-term interest rates", d: ["Raising the policy rate in small steps", "Printing currency to pay government salaries directly", "Setting a fixed exchange rate"] },
  { q: "Which of the following is an automatic stabilizer of aggregate demand?", a: "Unemployment insurance benefits", d: ["A one-time infrastructure bill", "A change in the central bank's inflation target", "Import tariffs"] },
  { q: "A worker who quit her job and is searching for a better-matched position is an example of:", a: "Frictional unemployment", d: ["Cyclical unemployment", "Structural unemployment", "Seasonal unemployment"], diff: "easy" },
  { q: "Other things equal, an appreciation of the domestic currency tends to:", a: "Reduce net exports by making exports dearer and imports cheaper", d: ["Increase net exports", "Raise the domestic inflation rate sharply", "Have no effect on trade"] },
  { q: "According to Irving Fisher's debt-deflation theory, unexpected deflation harms the economy because it:", a: "Raises the real burden of existing nominal debts", d: ["Lowers real interest rates", "Increases the purchasing power of borrowers", "Reduces the real value of money holdings"], diff: "hard" },
  { q: "Ricardian equivalence predicts that a debt-financed tax cut will:", a: "Have little effect on consumption because households save in anticipation of future taxes", d: ["Raise consumption by the full amount of the cut", "Lower interest rates", "Cause immediate inflation"], diff: "hard" },
  { q: "The Taylor principle states that to stabilize inflation a central bank should:", a: "Raise the nominal policy rate more than one-for-one with an increase in inflation", d: ["Keep the policy rate fixed", "Lower rates when inflation rises", "Target the exchange rate instead of inflation"], diff: "hard" },
  { q: "A country with a current account deficit must have:", a: "A financial account surplus (net capital inflow) of the same size", d: ["A government budget surplus", "A trade surplus in services", "Falling GDP"] },
  { q: "The consumer price index tends to overstate increases in the cost of living mainly because of:", a: "Substitution bias and unmeasured quality improvements", d: ["Including imported goods", "Excluding food and energy", "Measuring GDP instead of prices"] },
];

function macroProblems(): McItem[] {
  const items: McItem[] = [];
  for (const [mpc, dg] of [[0.8, 50], [0.75, 40], [0.9, 20], [0.6, 100]] as const) {
    const k = 1 / (1 - mpc);
    items.push({
      q: `In a simple Keynesian model with no taxes or imports, the marginal propensity to consume is ${mpc}. If government purchases increase by $${dg} billion, by how much does equilibrium GDP increase?`,
      a: `$${num(k * dg)} billion`,
      d: [`$${dg} billion`, `$${num(mpc * dg)} billion`, `$${num((k - 1) * dg)} billion`],
      tag: "fiscal multiplier",
    });
  }
  for (const [i, pi] of [[7, 4], [3, 5]] as const) {
    const r = i - pi;
    items.push({
      q: `A bond pays a nominal interest rate of ${i}% per year while expected inflation is ${pi}%. Using the Fisher equation, what is the approximate real interest rate?`,
      a: `${r}%`,
      d: [`${i + pi}%`, `${i}%`, `${pi}%`],
      tag: "inflation",
    });
  }
  for (const [emp, unemp] of [[180, 20], [92, 8]] as const) {
    const rate = (100 * unemp) / (emp + unemp);
    items.push({
      q: `An economy has ${emp} million employed and ${unemp} million unemployed people; everyone else is out of the labor force. What is the unemployment rate?`,
      a: `${num(rate, 1)}%`,
      d: [`${num((100 * unemp) / emp, 1)}%`, `${num(rate * 2, 1)}%`, `${num(100 - rate, 1)}%`],
      tag: "labor market",
    });
  }
  for (const [mg, yg] of [[8, 3], [6, 2]] as const) {
    items.push({
      q: `According to the quantity theory of money (MV = PY), if velocity is constant, the money supply grows by ${mg}% per year and real GDP grows by ${yg}%, what is the approximate inflation rate?`,
      a: `${mg - yg}%`,
      d: [`${mg + yg}%`, `${mg}%`, `${yg}%`],
      tag: "inflation",
    });
  }
  return items;
}

const MICRO: McItem[] = [
  { q: "A binding price ceiling set below the market equilibrium price, such as rent control, typically causes:", a: "A shortage, because quantity demanded exceeds quantity supplied", d: ["A surplus of the good", "No change in the quantity traded", "An increase in supply"], diff: "easy" },
  { q: "A minimum wage set above the equilibrium wage in a competitive labor market tends to create:", a: "A surplus of labor (unemployment)", d: ["A shortage of labor", "Higher employment", "No effect on employment"], diff: "easy" },
  { q: "A profit-maximizing monopolist chooses its output where:", a: "Marginal revenue equals marginal cost, and charges the price on the demand curve at that quantity", d: ["Price equals marginal cost", "Average total cost is minimized", "Total revenue is maximized"] },
  { q: "In long-run equilibrium in a perfectly competitive industry, firms:", a: "Earn zero economic profit and produce where price equals minimum average total cost", d: ["Earn positive economic profit", "Set price above marginal cost", "Produce where marginal revenue exceeds price"] },
  { q: "The burden of a per-unit tax falls more heavily on consumers when:", a: "Demand is more inelastic than supply", d: ["Demand is more elastic than supply", "Supply is perfectly inelastic", "The tax is collected from sellers"], diff: "hard" },
  { q: "A Giffen good is one for which:", a: "Quantity demanded rises when its price rises, because a strong income effect outweighs the substitution effect", d: ["Demand rises with income", "The cross-price elasticity is positive", "Supply is perfectly elastic"], diff: "hard" },
  { q: "If the income elasticity of demand for bus travel is negative, bus travel is:", a: "An inferior good", d: ["A normal good", "A luxury good", "A Giffen good by definition"] },
  { q: "Two goods with a negative cross-price elasticity of demand, such as printers and ink cartridges, are:", a: "Complements", d: ["Substitutes", "Inferior goods", "Unrelated goods"], diff: "easy" },
  { q: "In the one-shot prisoner's dilemma, the Nash equilibrium is for both players to:", a: "Defect, even though both would be better off cooperating", d: ["Cooperate", "Randomize with equal probability", "Alternate between cooperating and defecting"] },
  { q: "A factory's pollution imposes costs on nearby residents. A Pigouvian tax equal to the marginal external cost would:", a: "Make the firm internalize the externality and move output toward the socially efficient level", d: ["Increase pollution", "Eliminate all production", "Have no effect on output"] },
  { q: "A public good such as national defense is:", a: "Non-rival and non-excludable", d: ["Rival and excludable", "Rival and non-excludable", "Non-rival and excludable"], diff: "easy" },
  { q: "In the short run, a competitive firm should shut down when the market price falls below:", a: "Minimum average variable cost", d: ["Minimum average total cost", "Marginal revenue", "Average fixed cost"], diff: "hard" },
  { q: "The marginal cost curve intersects the average total cost curve:", a: "At the minimum point of average total cost", d: ["At the maximum of average total cost", "Where marginal cost is zero", "Never"] },
  { q: "First-degree (perfect) price discrimination means the firm:", a: "Charges each consumer her maximum willingness to pay, capturing all consumer surplus", d: ["Charges the same price to everyone", "Offers quantity discounts", "Sets different prices by region only"] },
];

function microProblems(): McItem[] {
  const items: McItem[] = [];
  for (const [p1, p2, q1, q2, good] of [[10, 12, 100, 80, "concert tickets"], [4, 5, 200, 190, "table salt"], [20, 25, 60, 40, "restaurant meals"], [2, 3, 500, 450, "gasoline"]] as const) {
    const e = Math.abs(((q2 - q1) / ((q1 + q2) / 2)) / ((p2 - p1) / ((p1 + p2) / 2)));
    const label = e > 1 ? "elastic" : "inelastic";
    items.push({
      q: `When the price of ${good} rises from $${p1} to $${p2}, quantity demanded falls from ${q1} to ${q2} units. Using the midpoint method, what is the price elasticity of demand, and is demand elastic or inelastic?`,
      a: `${num(e)}, ${label}`,
      d: [`${num(1 / e)}, ${e > 1 ? "inelastic" : "elastic"}`, `${num(e)}, ${e > 1 ? "inelastic" : "elastic"}`, `${num(e * 2)}, unit elastic`],
      tag: "elasticity",
    });
  }
  for (const [a, b, c] of [[100, 2, 20], [80, 1, 20], [120, 4, 40]] as const) {
    const q = (a - c) / (2 * b);
    const p = a - b * q;
    items.push({
      q: `A monopolist faces the inverse demand curve P = ${a} - ${b}Q and has a constant marginal cost of $${c}. What profit-maximizing quantity and price does it choose?`,
      a: `Q = ${num(q)}, P = $${num(p)}`,
      d: [`Q = ${num(2 * q)}, P = $${c}`, `Q = ${num(q / 2)}, P = $${num(a - (b * q) / 2)}`, `Q = ${num(q)}, P = $${c}`],
      diff: "hard", tag: "market structure",
    });
  }
  for (const [a, b, p] of [[50, 1, 30], [40, 2, 20], [90, 3, 30]] as const) {
    const q = (a - p) / b;
    const cs = 0.5 * (a - p) * q;
    items.push({
      q: `Market demand for a good is P = ${a} - ${b}Q and the market price is $${p}. What is consumer surplus?`,
      a: `$${num(cs)}`,
      d: [`$${num(2 * cs)}`, `$${num(p * q)}`, `$${num(cs / 2)}`],
      tag: "welfare",
    });
  }
  for (const [price, q, atc] of [[12, 500, 10], [8, 300, 9]] as const) {
    const profit = (price - atc) * q;
    items.push({
      q: `A perfectly competitive firm sells ${q} units at a market price of $${price}; its average total cost at that output is $${atc}. What is its economic profit?`,
      a: profit < 0 ? `A loss of $${-profit}` : `$${profit}`,
      d: [`$${price * q}`, `$${atc * q}`, profit < 0 ? `$${-profit}` : `A loss of $${profit}`],
      tag: "perfect competition",
    });
  }
  return items;
}

export function economicsDrafts(): SampleDraft[] {
  return [
    ...mcDrafts(MACRO, ["economics", "macroeconomics"], "econ-macro"),
    ...mcDrafts(macroProblems(), ["economics", "macroeconomics"], "econ-macro-p"),
    ...mcDrafts(MICRO, ["economics", "microeconomics"], "econ-micro"),
    ...mcDrafts(microProblems(), ["economics", "microeconomics"], "econ-micro-p"),
  ];
}
