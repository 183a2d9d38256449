/** Geography content for `demo-geo-qa`: physical geography and political geography (capitals, borders). */
import { McItem, SampleDraft, mcDrafts } from "./types";

const PHYSICAL: McItem[] = [
  { q: "Which river discharges the largest volume of water into the ocean?", a: "The Amazon", d: ["The Nile", "The Yangtze", "The Mississippi"], diff: "easy" },
  { q: "What is the highest mountain above sea level?", a: "Mount Everest", d: ["K2", "Kangchenjunga", "Aconcagua"], diff: "easy" },
  { q: "Which desert is considered the driest non-polar desert on Earth?", a: "The Atacama Desert", d: ["The Sahara", "The Gobi", "The Kalahari"] },
  { q: "The deepest known point of Earth's oceans, the Challenger Deep, lies in which trench?", a: "The Mariana Trench", d: ["The Puerto Rico Trench", "The Java Trench", "The Tonga Trench"] },
  { q: "Which lake is the deepest freshwater lake in the world?", a: "Lake Baikal", d: ["Lake Superior", "Lake Tanganyika", "Lake Victoria"] },
  { q: "By surface area, what is the largest inland body of water?", a: "The Caspian Sea", d: ["Lake Superior", "Lake Victoria", "The Aral Sea"] },
  { q: "The East African Rift is an example of which type of plate boundary?", a: "A divergent boundary", d: ["A convergent oceanic–oceanic boundary", "A transform boundary", "A hotspot with no plate boundary"], diff: "hard" },
  { q: "The Himalayas formed mainly because of:", a: "The collision of the Indian Plate with the Eurasian Plate", d: ["Volcanic activity over a hotspot", "Erosion of an ancient plateau", "Seafloor spreading in the Indian Ocean"] },
  { q: "The Pacific Ring of Fire is characterized by:", a: "Frequent earthquakes and volcanoes along subduction zones around the Pacific", d: ["Coral reefs in warm shallow water", "A belt of tropical rainforest", "Ice sheets surrounding Antarctica"], diff: "easy" },
  { q: "In the Köppen climate classification, a Mediterranean climate (Csa/Csb) has:", a: "Dry summers and mild, wet winters", d: ["Wet summers and dry winters", "Rain evenly throughout the year", "Permafrost and very short summers"] },
  { q: "The South Asian monsoon is driven mainly by:", a: "Seasonal reversal of winds caused by land–sea temperature differences", d: ["Ocean tides", "The Coriolis effect alone", "Volcanic eruptions"] },
  { q: "Western and northern Europe have milder winters than other regions at the same latitude largely because of:", a: "The Gulf Stream and the North Atlantic Drift", d: ["The Humboldt Current", "The Kuroshio Current", "The jet stream over Siberia"] },
  { q: "What is the longest continental mountain range in the world?", a: "The Andes", d: ["The Rocky Mountains", "The Himalayas", "The Ural Mountains"] },
  { q: "Fjords, as found in Norway and New Zealand, are formed by:", a: "Glaciers carving deep valleys that were later flooded by the sea", d: ["River deltas depositing sediment", "Volcanic calderas collapsing", "Wind erosion in deserts"] },
  { q: "Which river flows through or along the borders of ten countries, more than any other river?", a: "The Danube", d: ["The Rhine", "The Nile", "The Mekong"], diff: "hard" },
  { q: "What is the highest mountain in Africa?", a: "Mount Kilimanjaro", d: ["Mount Kenya", "Mount Stanley", "Ras Dashen"], diff: "easy" },
  { q: "What is the world's largest island that is not a continent?", a: "Greenland", d: ["New Guinea", "Borneo", "Madagascar"] },
  { q: "The shore of the Dead Sea is notable because it is:", a: "The lowest land elevation on Earth, over 400 meters below sea level", d: ["The highest lake on Earth", "The largest freshwater lake", "Frozen for most of the year"] },
  { q: "A rain shadow desert forms because:", a: "Air loses moisture as it rises over a mountain range and descends dry on the leeward side", d: ["Ocean currents bring cold water", "The area lies exactly on the equator", "Volcanic ash blocks rainfall"], diff: "hard" },
  { q: "An oxbow lake forms when:", a: "A meander of a river is cut off from the main channel", d: ["A glacier melts in a depression", "A volcanic crater fills with water", "Sea level rises over a coastal plain"] },
  { q: "Permafrost is a defining feature of which biome?", a: "Tundra", d: ["Savanna", "Temperate deciduous forest", "Tropical rainforest"], diff: "easy" },
  { q: "Which strait connects the Atlantic Ocean with the Mediterranean Sea?", a: "The Strait of Gibraltar", d: ["The Bosphorus", "The Strait of Hormuz", "The Strait of Malacca"], diff: "easy" },
  { q: "The Ganges–Brahmaputra delta, the largest river delta in the world, lies mostly in which country?", a: "Bangladesh", d: ["Myanmar", "Pakistan", "Nepal"] },
];

/** Countries whose capital is often confused with a larger city. */
const CAPITALS: [country: string, capital: string, wrong: string[]][] = [
  ["Australia", "Canberra", ["Sydney", "Melbourne", "Perth"]],
  ["Canada", "Ottawa", ["Toronto", "Montreal", "Vancouver"]],
  ["Brazil", "Brasília", ["Rio de Janeiro", "São Paulo", "Salvador"]],
  ["Turkey", "Ankara", ["Istanbul", "Izmir", "Antalya"]],
  ["Nigeria", "Abuja", ["Lagos", "Kano", "Ibadan"]],
  ["Pakistan", "Islamabad", ["Karachi", "Lahore", "Peshawar"]],
  ["Kazakhstan", "Astana", ["Almaty", "Shymkent", "Karaganda"]],
  ["Myanmar", "Naypyidaw", ["Yangon", "Mandalay", "Bago"]],
  ["New Zealand", "Wellington", ["Auckland", "Christchurch", "Dunedin"]],
  ["Switzerland", "Bern", ["Zurich", "Geneva", "Basel"]],
  ["Morocco", "Rabat", ["Casablanca", "Marrakesh", "Fez"]],
  ["Vietnam", "Hanoi", ["Ho Chi Minh City", "Da Nang", "Hue"]],
  ["Tanzania", "Dodoma", ["Dar es Salaam", "Arusha", "Zanzibar City"]],
  ["Côte d'Ivoire", "Yamoussoukro", ["Abidjan", "Bouaké", "San-Pédro"]],
  ["Bolivia", "Sucre (constitutional capital; La Paz is the seat of government)", ["Santa Cruz de la Sierra", "Cochabamba", "Potosí"]],
];

const STEMS = [
  (c: string) => `What is the capital city of ${c}?`,
  (c: string) => `Which city is the national capital of ${c}?`,
  (c: string) => `${c}'s capital is:`,
];

const BORDERS: McItem[] = [
  { q: "Which of these South American countries is landlocked?", a: "Paraguay", d: ["Peru", "Ecuador", "Uruguay"], tag: "borders" },
  { q: "Which African country is completely surrounded by South Africa?", a: "Lesotho", d: ["Eswatini", "Botswana", "Namibia"], tag: "borders", diff: "hard" },
  { q: "Which country has the longest coastline in the world?", a: "Canada", d: ["Australia", "Russia", "Indonesia"], tag: "borders" },
  { q: "Which of these European countries is landlocked?", a: "Austria", d: ["Belgium", "Slovenia", "Croatia"], tag: "borders" },
  { q: "The 38th parallel roughly marks the border between which two countries?", a: "North Korea and South Korea", d: ["China and Mongolia", "India and Pakistan", "Vietnam and Laos"], tag: "borders", diff: "easy" },
  { q: "Which country is both a member of the European Union and located on the Iberian Peninsula along with Spain?", a: "Portugal", d: ["Andorra", "Italy", "Morocco"], tag: "borders", diff: "easy" },
  { q: "Which of these countries borders both Brazil and Argentina?", a: "Paraguay", d: ["Chile", "Peru", "Ecuador"], tag: "borders" },
  { q: "Which Asian country is a doubly landlocked state, surrounded only by landlocked neighbors?", a: "Uzbekistan", d: ["Mongolia", "Nepal", "Laos"], tag: "borders", diff: "hard" },
];

function capitalItems(): McItem[] {
  return CAPITALS.map(([country, capital, wrong], i) => ({
    q: STEMS[i % STEMS.length](country),
    a: capital,
    d: wrong,
    tag: "capitals",
    diff: i < 5 ? "easy" : i >= 12 ? "hard" : "medium",
  }));
}

export function geographyDrafts(): SampleDraft[] {
  return [
    ...mcDrafts(PHYSICAL, ["geography", "physical geography"], "geo-phys"),
    ...mcDrafts([...capitalItems(), ...BORDERS], ["geography", "political geography"], "geo-pol"),
  ];
}
