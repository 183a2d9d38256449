// Import cycles: the strongly connected components of the file graph (Tarjan 1972, "Depth-first
// search and linear graph algorithms", SIAM J. Comput. 1(2)), each shown as one concrete cycle
// through its files, so a report names a path to cut.

/** Components with more than one file, or a file importing itself; each as one cycle a → … → a. */
export function importCycles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  const strongConnect = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      components.push(component);
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) strongConnect(v);
  return components
    .filter((c) => c.length > 1 || edges.get(c[0])?.has(c[0]))
    .map((c) => cycleThrough(c.sort()[0], new Set(c), edges))
    .sort((a, b) => a[0].localeCompare(b[0]));
}

/** The shortest cycle from `start` back to itself inside one component (breadth-first). */
function cycleThrough(start: string, inside: Set<string>, edges: Map<string, Set<string>>): string[] {
  const parent = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i];
    for (const w of [...(edges.get(v) ?? [])].sort()) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u = v; u !== start; u = parent.get(u)!) path.splice(1, 0, u);
        return [...path, start];
      }
      if (!parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}
