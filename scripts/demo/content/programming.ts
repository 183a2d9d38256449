/** Programming content for `demo-code-tests`: Python functions and algorithm implementations. */
import { Difficulty, SampleDraft } from "./types";

interface CodeTask {
  sig: string;
  does: string;
  ex: string;
  diff?: Difficulty;
  tag?: string;
}

const PYTHON: CodeTask[] = [
  { sig: "merge_intervals(intervals: list[list[int]]) -> list[list[int]]", does: "merges all overlapping intervals and returns them sorted by start. Intervals that only touch, like [1, 2] and [2, 3], count as overlapping.", ex: "assert merge_intervals([[1, 3], [2, 6], [8, 10]]) == [[1, 6], [8, 10]]\nassert merge_intervals([]) == []" },
  { sig: "two_sum(nums: list[int], target: int) -> tuple[int, int] | None", does: "returns the indices of two distinct elements whose sum equals target, using a dictionary for O(n) time, or None if no pair exists.", ex: "assert two_sum([2, 7, 11, 15], 9) == (0, 1)\nassert two_sum([1, 2], 7) is None", diff: "easy" },
  { sig: "read_typed_csv(path: str) -> list[dict[str, int | float | str]]", does: "reads a CSV file with a header row using the csv module and converts each cell to int or float when possible, leaving other values as strings.", ex: "# price.csv: name,qty,price\\nbolt,3,0.25\nassert read_typed_csv('price.csv') == [{'name': 'bolt', 'qty': 3, 'price': 0.25}]" },
  { sig: "flatten(nested: list) -> list", does: "flattens an arbitrarily nested list of lists into a single list, preserving order, without using recursion (use an explicit stack).", ex: "assert flatten([1, [2, [3, [4]]], 5]) == [1, 2, 3, 4, 5]\nassert flatten([]) == []" },
  { sig: "moving_average(values: Iterable[float], window: int) -> Iterator[float]", does: "is a generator that yields the moving average of the last `window` values using collections.deque, starting once the window is full.", ex: "assert list(moving_average([1, 2, 3, 4, 5], 3)) == [2.0, 3.0, 4.0]" },
  { sig: "is_valid_ipv4(address: str) -> bool", does: "checks whether a string is a valid dotted-quad IPv4 address: four decimal parts from 0 to 255 without leading zeros.", ex: "assert is_valid_ipv4('192.168.0.1')\nassert not is_valid_ipv4('256.1.1.1')\nassert not is_valid_ipv4('01.2.3.4')", diff: "easy" },
  { sig: "group_anagrams(words: list[str]) -> list[list[str]]", does: "groups words that are anagrams of each other, keeping the first-seen order of groups and of words within each group.", ex: "assert group_anagrams(['eat', 'tea', 'tan', 'ate', 'nat']) == [['eat', 'tea', 'ate'], ['tan', 'nat']]" },
  { sig: "run_length_encode(text: str) -> str", does: "compresses a string with run-length encoding, writing each character followed by its count, and a matching run_length_decode(encoded: str) -> str.", ex: "assert run_length_encode('aaabcc') == 'a3b1c2'\nassert run_length_decode('a3b1c2') == 'aaabcc'", diff: "easy" },
  { sig: "top_k_words(path: str, k: int) -> list[tuple[str, int]]", does: "reads a UTF-8 text file, counts word frequencies case-insensitively with collections.Counter (ignoring punctuation), and returns the k most common words, ties broken alphabetically.", ex: "assert top_k_words('tiny.txt', 2) == [('the', 4), ('cat', 2)]" },
  { sig: "snake_to_camel(name: str) -> str", does: "converts a snake_case identifier to lowerCamelCase, collapsing repeated underscores and keeping leading underscores.", ex: "assert snake_to_camel('http_response_code') == 'httpResponseCode'\nassert snake_to_camel('_private_value') == '_privateValue'", diff: "easy" },
  { sig: "batched(items: Sequence[T], size: int) -> Iterator[list[T]]", does: "yields consecutive batches of at most `size` items and raises ValueError when size is less than 1.", ex: "assert list(batched([1, 2, 3, 4, 5], 2)) == [[1, 2], [3, 4], [5]]" },
  { sig: "deep_merge(base: dict, override: dict) -> dict", does: "recursively merges two dictionaries, where values in `override` win and nested dictionaries are merged rather than replaced, returning a new dict without mutating either input.", ex: "assert deep_merge({'a': {'x': 1, 'y': 2}}, {'a': {'y': 3}}) == {'a': {'x': 1, 'y': 3}}" },
  { sig: "retry(times: int, delay: float = 0.1, exceptions: tuple = (Exception,))", does: "is a decorator factory that retries the wrapped function up to `times` attempts with exponential backoff (delay, 2*delay, ...), re-raising the last exception; use functools.wraps.", ex: "@retry(times=3)\ndef flaky(): ...\n# flaky is called at most 3 times", diff: "hard" },
  { sig: "parse_duration(text: str) -> int", does: "parses an ISO 8601 duration such as 'PT1H30M' or 'P2DT3H' into a total number of seconds with a regular expression, raising ValueError on malformed input.", ex: "assert parse_duration('PT1H30M') == 5400\nassert parse_duration('P1D') == 86400", diff: "hard" },
  { sig: "class Timer", does: "is a context manager that measures elapsed wall-clock time with time.perf_counter and stores it in the attribute `elapsed` after the with-block exits, even if the block raises.", ex: "with Timer() as t:\n    sum(range(10**6))\nassert t.elapsed > 0" },
  { sig: "tail(path: str, n: int = 10) -> list[str]", does: "returns the last n lines of a possibly very large text file without reading the whole file into memory (read blocks backwards from the end).", ex: "assert tail('server.log', 2) == ['line 99', 'line 100']", diff: "hard" },
  { sig: "transpose(matrix: list[list[float]]) -> list[list[float]]", does: "transposes a rectangular matrix given as a list of rows, raising ValueError for ragged rows and returning [] for an empty matrix.", ex: "assert transpose([[1, 2, 3], [4, 5, 6]]) == [[1, 4], [2, 5], [3, 6]]", diff: "easy" },
  { sig: "to_roman(n: int) -> str", does: "converts an integer from 1 to 3999 to Roman numerals using subtractive notation, raising ValueError outside that range.", ex: "assert to_roman(1994) == 'MCMXCIV'\nassert to_roman(4) == 'IV'" },
  { sig: "is_balanced(text: str) -> bool", does: "checks with a stack whether the brackets (), [] and {} in a string are balanced and properly nested, ignoring all other characters.", ex: "assert is_balanced('f(a[1]) { }')\nassert not is_balanced('(]')", diff: "easy" },
  { sig: "dedupe(items: Iterable[Hashable]) -> list", does: "removes duplicates from an iterable while preserving the order of first occurrence, in O(n) time.", ex: "assert dedupe([3, 1, 3, 2, 1]) == [3, 1, 2]", diff: "easy" },
  { sig: "flatten_keys(data: dict, sep: str = '.') -> dict[str, object]", does: "flattens a nested JSON-like dictionary into a single level with dotted keys, expanding lists with their index.", ex: "assert flatten_keys({'a': {'b': 1, 'c': [10, 20]}}) == {'a.b': 1, 'a.c.0': 10, 'a.c.1': 20}" },
  { sig: "class BankAccount", does: "is a dataclass with owner and balance fields and deposit/withdraw methods that reject non-positive amounts and overdrafts with a custom InsufficientFundsError, plus a __str__ showing the balance with two decimals.", ex: "acct = BankAccount('Ana', 10.0)\nacct.deposit(5)\nassert str(acct) == 'Ana: 15.00'" },
];

const ALGORITHMS: CodeTask[] = [
  { sig: "Dijkstra's shortest paths", does: "computes shortest distances from a source vertex in a weighted directed graph with non-negative edge weights, given as an adjacency list, using a binary heap priority queue in O((V + E) log V).", ex: "graph = {0: [(1, 4), (2, 1)], 2: [(1, 2)], 1: []}; dijkstra(graph, 0) == {0: 0, 1: 3, 2: 1}", tag: "graphs" },
  { sig: "topological sort (course schedule)", does: "returns an order in which courses can be taken given prerequisite pairs, using Kahn's algorithm with in-degrees, or reports that no order exists because the prerequisite graph has a cycle.", ex: "course_order(4, [(1, 0), (2, 1), (3, 2)]) == [0, 1, 2, 3]; course_order(2, [(0, 1), (1, 0)]) is None", tag: "graphs" },
  { sig: "union-find (disjoint set union)", does: "implements a disjoint-set structure with path compression and union by rank, and uses it to count the connected components of an undirected graph.", ex: "count_components(5, [(0, 1), (1, 2), (3, 4)]) == 2", tag: "graphs" },
  { sig: "LRU cache", does: "implements a least-recently-used cache with get and put in O(1) time using a hash map plus a doubly linked list, evicting the least recently used key when capacity is exceeded.", ex: "c = LRUCache(2); c.put(1, 1); c.put(2, 2); c.get(1); c.put(3, 3); c.get(2) == -1", tag: "data structures", diff: "hard" },
  { sig: "Knuth–Morris–Pratt string search", does: "finds all start indices of a pattern in a text in O(n + m) time by precomputing the prefix (failure) function of the pattern.", ex: "kmp_search('abababca', 'abab') == [0, 2]", tag: "strings", diff: "hard" },
  { sig: "0/1 knapsack", does: "returns the maximum total value of items that fit in a knapsack of capacity W, with dynamic programming over capacities in O(nW) time and O(W) memory.", ex: "knapsack(values=[60, 100, 120], weights=[10, 20, 30], W=50) == 220", tag: "dynamic programming" },
  { sig: "longest increasing subsequence", does: "returns the length of the longest strictly increasing subsequence in O(n log n) time with patience sorting and binary search.", ex: "lis([10, 9, 2, 5, 3, 7, 101, 18]) == 4", tag: "dynamic programming" },
  { sig: "Levenshtein edit distance", does: "computes the minimum number of insertions, deletions and substitutions turning one string into another with a dynamic programming table, using only two rows of memory.", ex: "edit_distance('kitten', 'sitting') == 3", tag: "dynamic programming", diff: "easy" },
  { sig: "interval scheduling", does: "selects the maximum number of non-overlapping meetings from a list of (start, end) pairs with the greedy earliest-finish-time rule, and proves in a comment why greedy is optimal.", ex: "max_meetings([(1, 3), (2, 4), (3, 5), (6, 7)]) == 3", tag: "greedy algorithms" },
  { sig: "shortest path in a grid (BFS)", does: "finds the length of the shortest path from the top-left to the bottom-right cell of a 0/1 grid, moving in four directions through 0 cells only, using breadth-first search.", ex: "grid_path([[0, 0, 1], [1, 0, 0], [1, 1, 0]]) == 4", tag: "graphs", diff: "easy" },
  { sig: "cycle detection in a directed graph", does: "detects whether a directed graph contains a cycle using depth-first search with three vertex colors (white, gray, black), iteratively to avoid recursion limits.", ex: "has_cycle({0: [1], 1: [2], 2: [0]}) is True", tag: "graphs" },
  { sig: "k-th largest element", does: "returns the k-th largest element of an unsorted array in O(n log k) time with a min-heap of size k.", ex: "kth_largest([3, 2, 1, 5, 6, 4], 2) == 5", tag: "heaps", diff: "easy" },
  { sig: "trie with prefix autocomplete", does: "implements a trie supporting insert, search and autocomplete(prefix, limit), returning up to `limit` stored words with the given prefix in lexicographic order.", ex: "t.insert('car'); t.insert('cart'); t.insert('cat'); t.autocomplete('car', 5) == ['car', 'cart']", tag: "data structures" },
  { sig: "sliding window maximum", does: "returns the maximum of every contiguous window of size k in O(n) time using a monotonic deque of indices.", ex: "window_max([1, 3, -1, -3, 5, 3, 6, 7], 3) == [3, 3, 5, 5, 6, 7]", tag: "data structures", diff: "hard" },
  { sig: "Kruskal's minimum spanning tree", does: "computes the total weight of a minimum spanning tree of a connected undirected weighted graph by sorting edges and joining components with union-find.", ex: "mst_weight(4, [(0, 1, 1), (1, 2, 2), (2, 3, 1), (0, 3, 4), (0, 2, 3)]) == 4", tag: "graphs" },
  { sig: "coin change (minimum coins)", does: "returns the minimum number of coins needed to make an amount from unlimited coins of given denominations, or -1 if impossible, with bottom-up dynamic programming.", ex: "min_coins([1, 2, 5], 11) == 3; min_coins([2], 3) == -1", tag: "dynamic programming", diff: "easy" },
  { sig: "binary search in a rotated sorted array", does: "finds the index of a target in a sorted array of distinct integers that was rotated at an unknown pivot, in O(log n) time, returning -1 if absent.", ex: "search_rotated([4, 5, 6, 7, 0, 1, 2], 0) == 4", tag: "searching" },
  { sig: "quickselect", does: "finds the k-th smallest element in expected O(n) time using Hoare or Lomuto partitioning with a random pivot, without fully sorting the array.", ex: "quickselect([7, 10, 4, 3, 20, 15], 3) == 7", tag: "searching" },
  { sig: "Bellman–Ford with negative cycle detection", does: "computes single-source shortest paths in a graph that may have negative edge weights and reports whether a negative cycle is reachable from the source.", ex: "bellman_ford(3, [(0, 1, 4), (1, 2, -2), (0, 2, 5)], 0) == [0, 4, 2]", tag: "graphs", diff: "hard" },
  { sig: "bipartite graph check", does: "checks whether an undirected graph, possibly disconnected, is bipartite by two-coloring it with breadth-first search.", ex: "is_bipartite([[1, 3], [0, 2], [1, 3], [0, 2]]) is True", tag: "graphs" },
  { sig: "counting inversions", does: "counts the pairs i < j with a[i] > a[j] in O(n log n) time by augmenting merge sort.", ex: "count_inversions([2, 4, 1, 3, 5]) == 3", tag: "sorting", diff: "hard" },
  { sig: "token bucket rate limiter", does: "implements a token bucket rate limiter with capacity and refill rate, exposing allow(now) that returns whether a request at time `now` (seconds) is permitted; it must be deterministic given the timestamps.", ex: "rl = TokenBucket(capacity=2, rate=1); [rl.allow(0), rl.allow(0), rl.allow(0), rl.allow(1)] == [True, True, False, True]", tag: "system design" },
];

const LANGS = ["Python", "C++", "Java", "TypeScript", "Go", "Rust"];

/** Criteria graded 1–5 (default scale) for each code sample, by subtopic. */
export const CODE_CRITERIA: Record<string, string[]> = {
  python: ["Handles empty input", "Uses type hints and a docstring", "Does not mutate the caller's data"],
  sql: ["Uses explicit JOIN syntax", "Handles NULL values correctly", "Returns exactly the requested columns"],
  algorithms: ["States the time and space complexity", "Handles edge cases such as an empty input or a single element", "Meets the required complexity bound"],
};

export function pythonDrafts(): SampleDraft[] {
  return PYTHON.map((t) => ({
    input: `Write a Python function \`${t.sig}\` that ${t.does} Include a short docstring.`.replace(
      /^Write a Python function `class (\w+)` that/,
      "Write a Python class `$1` that",
    ),
    reference: t.ex,
    tags: ["programming", "python"],
    difficulty: t.diff,
    meta: { programming_language: "python" },
  }));
}

export function algorithmDrafts(): SampleDraft[] {
  return ALGORITHMS.map((t, i) => {
    const lang = LANGS[i % LANGS.length];
    return {
      input: `Implement ${t.sig} in ${lang}: write code that ${t.does} Explain the algorithm briefly and state its time complexity.`,
      reference: t.ex,
      tags: ["programming", "algorithms", t.tag ?? "algorithms"],
      difficulty: t.diff,
      meta: { programming_language: lang.toLowerCase() },
    };
  });
}
