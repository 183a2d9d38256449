// One colour per compared model (at most 10), distinguishable and consistent across the page.
export const MODEL_COLORS = ["#4f46e5", "#059669", "#d97706", "#db2777", "#0891b2", "#7c3aed", "#65a30d", "#dc2626", "#475569", "#0d9488"];

export function modelColor(i: number): string {
  return MODEL_COLORS[i % MODEL_COLORS.length];
}
