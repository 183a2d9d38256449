// A WebAssembly SIMD (f32x4) kernel for the first pass of kNN (knn.ts): the dot product of one
// query with each of a run of consecutive rows of a float32 matrix held in the module's memory.
// No wasm toolchain is available offline, so the binary is encoded here (WebAssembly core spec
// §5 binary format, SIMD proposal opcodes), from this source:
//
//   (module
//     (import "env" "memory" (memory 1))
//     (func (export "dots") (param $q i32) (param $v i32) (param $rows i32) (param $dim i32) (param $out i32)
//       (local $r i32) (local $i i32) (local $vp i32) (local $qp i32) (local $end16 i32)
//       (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128) (local $s f32)
//       (local.set $end16 (i32.and (local.get $dim) (i32.const -16)))
//       (local.set $vp (local.get $v))
//       (block $done (loop $row
//         (br_if $done (i32.ge_u (local.get $r) (local.get $rows)))
//         (local.set $a0 (v128.const f32x4 0 0 0 0)) ... $a1 $a2 $a3 likewise
//         (local.set $qp (local.get $q)) (local.set $i (i32.const 0))
//         (block $b16 (loop $l16                          ;; 16 floats a step, four accumulators
//           (br_if $b16 (i32.ge_u (local.get $i) (local.get $end16)))
//           (local.set $a0 (f32x4.add (local.get $a0) (f32x4.mul (v128.load offset=0 (local.get $vp)) (v128.load offset=0 (local.get $qp)))))
//           ... $a1 offset=16, $a2 offset=32, $a3 offset=48
//           (local.set $vp (i32.add (local.get $vp) (i32.const 64))) (local.set $qp (i32.add (local.get $qp) (i32.const 64)))
//           (local.set $i (i32.add (local.get $i) (i32.const 16)))
//           (br $l16)))
//         (local.set $a0 (f32x4.add (f32x4.add (local.get $a0) (local.get $a1)) (f32x4.add (local.get $a2) (local.get $a3))))
//         (local.set $s (f32.add (f32.add (f32x4.extract_lane 0 (local.get $a0)) (f32x4.extract_lane 1 (local.get $a0)))
//                                (f32.add (f32x4.extract_lane 2 (local.get $a0)) (f32x4.extract_lane 3 (local.get $a0)))))
//         (block $bt (loop $lt                            ;; the last dim mod 16 floats one by one
//           (br_if $bt (i32.ge_u (local.get $i) (local.get $dim)))
//           (local.set $s (f32.add (local.get $s) (f32.mul (f32.load (local.get $vp)) (f32.load (local.get $qp)))))
//           (local.set $vp (i32.add (local.get $vp) (i32.const 4))) (local.set $qp (i32.add (local.get $qp) (i32.const 4)))
//           (local.set $i (i32.add (local.get $i) (i32.const 1)))
//           (br $lt)))
//         (f32.store (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2))) (local.get $s))
//         (local.set $r (i32.add (local.get $r) (i32.const 1)))
//         (br $row))))
//
// A second function, `exact`, computes each row's dot product in pgvector's own order (one float32
// sum from i = 0 to dim − 1 of float32 products, src/vector.c), four rows at a time for four
// independent chains, so that its results are bit for bit knn.ts's exactDistance dot products
// (Math.fround of each product and sum: float64 then float32 rounds as float32 does directly, since
// 53 ≥ 2·24 + 2):
//
//     (func (export "exact") (param $q i32) (param $v i32) (param $rows i32) (param $dim i32) (param $out i32)
//       (local $r i32) (local $i i32) (local $p0 i32) (local $p1 i32) (local $p2 i32) (local $p3 i32) (local $qp i32) (local $rowBytes i32)
//       (local $s0 f32) (local $s1 f32) (local $s2 f32) (local $s3 f32) (local $x f32)
//       (local.set $rowBytes (i32.shl (local.get $dim) (i32.const 2))) (local.set $p0 (local.get $v))
//       (block $quads (loop $quad                         ;; rows r .. r + 3
//         (br_if $quads (i32.gt_u (i32.add (local.get $r) (i32.const 4)) (local.get $rows)))
//         (local.set $p1 (i32.add (local.get $p0) (local.get $rowBytes))) ... $p2, $p3 likewise
//         (local.set $s0 (f32.const 0)) ... $s1 $s2 $s3; (local.set $qp (local.get $q)) (local.set $i (i32.const 0))
//         (block $b (loop $l
//           (br_if $b (i32.ge_u (local.get $i) (local.get $dim)))
//           (local.set $x (f32.load (local.get $qp)))
//           (local.set $s0 (f32.add (local.get $s0) (f32.mul (f32.load (local.get $p0)) (local.get $x)))) ... $s1/$p1 ...
//           (local.set $p0 (i32.add (local.get $p0) (i32.const 4))) ... $p1 $p2 $p3 $qp; $i + 1
//           (br $l)))
//         (f32.store offset=0 (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2))) (local.get $s0)) ... offset=4/8/12
//         (local.set $p0 (local.get $p3)) (local.set $r (i32.add (local.get $r) (i32.const 4)))
//         (br $quad)))
//       (block $done (loop $row                           ;; the last rows mod 4 one by one
//         (br_if $done (i32.ge_u (local.get $r) (local.get $rows)))
//         ... $s0 over row $p0 as above, stored at out + 4r; $r + 1
//         (br $row))))
//
// A third, `exact8`, gives `exact`'s results bit for bit, eight rows at a time with SIMD (dim a
// multiple of 4, rows a multiple of 8; dotKernels sends the rest to the scalar `exact`). Each f32x4 lane is one
// row's chain: the products of four consecutive floats of four rows (f32x4.mul with the query's
// four floats) are transposed in registers (eight i8x16.shuffle: 32-bit then 64-bit interleaves) so
// that lane j holds row j's products in element order, and added to the lane's running sum one
// element after another: per lane the same float32 roundings in the same order as pgvector's loop
// (wasm's f32x4 operations are IEEE float32, never fused). Two groups of four rows keep two chains
// in flight. About twice `exact`'s speed on rows in cache (the shuffles bound it); from memory both are
// bound by reading the rows, which the next eight rows' cache lines, touched in address order while
// these are summed, keep near the sequential rate.
//
// A fourth, `exact8h`, is `exact8` over rows of binary16 halves (vector-matrix.ts holds the stored
// vectors so, lib/db/half-precision.ts): each group of four halves is widened to float32 exactly
// before the same products and sums, so its results are `exact`'s over the widened rows, bit for
// bit, while it reads half the bytes. Its wrapper (`exactHalf`) computes whole groups of sixteen rows;
// the caller keeps the rows past the last in memory and ignores their results.
//
// `exact8hl` and `exact8hsl` are `exact8h` and `exact8hs` over listed rows (a sixth parameter: the
// address of an i32 row index per row, the rows scored in list order): the rows the adaptive cut
// needs exactly, a few thousand scattered over the pool, without copying them together first.
//
// A fifth, `exact8hs`, is `exact8h` for a query multiplied by 2^112 beforehand (HALF_QUERY_SCALE):
// the widening's last step, a multiplication of each row value by 2^112, moves to the query, once
// per pass instead of once per row value (one f32x4 multiplication fewer per four row values). Same
// bits: a row value w is widened to f = w · 2^-112 exactly (a float32 subnormal for half
// subnormals), the query value scaled to q' = q · 2^112 exactly (a power of two, below overflow
// when |q| < 2^16: scalesExactly), so f · q' and w · q are the same real number and round alike.
//
// Every product and sum of `dots` is an IEEE float32 operation (no fused multiply-add), in another order than
// pgvector's sequential sum: each term goes through at most dim/16 + 4 + (dim mod 16) ≤ dim
// roundings of sums plus one of its product, so the result is within (dim + 1)·2⁻²⁴·Σ|aᵢbᵢ| of
// the exact dot product, the same bound as pgvector's own float32 sum (knn.ts uses it).

const I32 = 0x7f;
const F32 = 0x7d;
const V128 = 0x7b;

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    const byte = n & 0x7f;
    n >>>= 7;
    out.push(n ? byte | 0x80 : byte);
  } while (n);
  return out;
}

function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    const done = (n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

const name = (s: string) => [...uleb(s.length), ...new TextEncoder().encode(s)];
const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];
const vec = (items: number[][]) => [...uleb(items.length), ...items.flat()];

// Instructions.
const get = (i: number) => [0x20, ...uleb(i)];
const set = (i: number) => [0x21, ...uleb(i)];
const i32c = (n: number) => [0x41, ...sleb(n)];
const I32_ADD = 0x6a;
const I32_AND = 0x71;
const I32_SHL = 0x74;
const I32_GE_U = 0x4f;
const I32_GT_U = 0x4b;
const F32_ZERO = [0x43, 0, 0, 0, 0];
const F32_ADD = 0x92;
const F32_MUL = 0x94;
const BLOCK = [0x02, 0x40];
const LOOP = [0x03, 0x40];
const END = 0x0b;
const br = (depth: number) => [0x0c, ...uleb(depth)];
const brIf = (depth: number) => [0x0d, ...uleb(depth)];
const f32Load = [0x2a, 2, 0];
const f32Store = [0x38, 2, 0];
const f32StoreAt = (offset: number) => [0x38, 2, ...uleb(offset)];
const simd = (op: number) => [0xfd, ...uleb(op)];
const v128Load = (offset: number) => [...simd(0x00), 4, ...uleb(offset)];
const v128Zero = [...simd(0x0c), ...new Array(16).fill(0)];
const F32X4_ADD = simd(0xe4);
const F32X4_MUL = simd(0xe6);
const lane = (i: number) => [...simd(0x1f), i];

// Params and locals, by index.
const [Q, V, ROWS, DIM, OUT, R, I, VP, QP, END16, A0, A1, A2, A3, S] = Array.from({ length: 15 }, (_, i) => i);
const A = [A0, A1, A2, A3];
const advance = (local: number, by: number) => [...get(local), ...i32c(by), I32_ADD, ...set(local)];

/** `dots`' ending: the four f32x4 accumulators added pairwise into the first, then its lanes pairwise (an f32 left on the stack). */
function sumOfAccumulators(acc: number[]): number[] {
  const [a0, a1, a2, a3] = acc;
  return [
    ...get(a0), ...get(a1), ...F32X4_ADD, ...get(a2), ...get(a3), ...F32X4_ADD, ...F32X4_ADD, ...set(a0),
    ...get(a0), ...lane(0), ...get(a0), ...lane(1), F32_ADD, ...get(a0), ...lane(2), ...get(a0), ...lane(3), F32_ADD, F32_ADD,
  ];
}

function body(): number[] {
  const code = [
    ...get(DIM), ...i32c(-16), I32_AND, ...set(END16),
    ...get(V), ...set(VP),
    ...BLOCK, ...LOOP,
    ...get(R), ...get(ROWS), I32_GE_U, ...brIf(1),
    ...A.flatMap((a) => [...v128Zero, ...set(a)]),
    ...get(Q), ...set(QP), ...i32c(0), ...set(I),
    ...BLOCK, ...LOOP,
    ...get(I), ...get(END16), I32_GE_U, ...brIf(1),
    ...A.flatMap((a, j) => [...get(a), ...get(VP), ...v128Load(16 * j), ...get(QP), ...v128Load(16 * j), ...F32X4_MUL, ...F32X4_ADD, ...set(a)]),
    ...advance(VP, 64), ...advance(QP, 64), ...advance(I, 16),
    ...br(0), END, END,
    ...sumOfAccumulators(A), ...set(S),
    ...BLOCK, ...LOOP,
    ...get(I), ...get(DIM), I32_GE_U, ...brIf(1),
    ...get(S), ...get(VP), ...f32Load, ...get(QP), ...f32Load, F32_MUL, F32_ADD, ...set(S),
    ...advance(VP, 4), ...advance(QP, 4), ...advance(I, 1),
    ...br(0), END, END,
    ...get(OUT), ...get(R), ...i32c(2), I32_SHL, I32_ADD, ...get(S), ...f32Store,
    ...advance(R, 1),
    ...br(0), END, END,
    END,
  ];
  const locals = vec([[5, I32], [4, V128], [1, F32]].map(([n, t]) => [...uleb(n), t]));
  const fn = [...locals, ...code];
  return [...uleb(fn.length), ...fn];
}

// `exact`'s params and locals.
const [, XV, , , , XR, XI, P0, P1, P2, P3, XQP, ROW_BYTES, S0, S1, S2, S3, X] = Array.from({ length: 18 }, (_, i) => i);
const P = [P0, P1, P2, P3];
const SX = [S0, S1, S2, S3];

/** One row's float32 chain: s += v[p] · q[qp], p and qp advanced by a float, dim times. */
function exactBody(): number[] {
  const loadX = [...get(XQP), ...f32Load, ...set(X)];
  const step = (j: number) => [...get(SX[j]), ...get(P[j]), ...f32Load, ...get(X), F32_MUL, F32_ADD, ...set(SX[j])];
  const innerLoop = (n: number) => [
    ...get(Q), ...set(XQP), ...i32c(0), ...set(XI),
    ...BLOCK, ...LOOP,
    ...get(XI), ...get(DIM), I32_GE_U, ...brIf(1),
    ...loadX,
    ...Array.from({ length: n }, (_, j) => step(j)).flat(),
    ...Array.from({ length: n }, (_, j) => advance(P[j], 4)).flat(),
    ...advance(XQP, 4), ...advance(XI, 1),
    ...br(0), END, END,
  ];
  const outAt = [...get(OUT), ...get(XR), ...i32c(2), I32_SHL, I32_ADD];
  const code = [
    ...get(DIM), ...i32c(2), I32_SHL, ...set(ROW_BYTES),
    ...get(XV), ...set(P0),
    ...BLOCK, ...LOOP,
    ...get(XR), ...i32c(4), I32_ADD, ...get(ROWS), I32_GT_U, ...brIf(1),
    ...[1, 2, 3].flatMap((j) => [...get(P[j - 1]), ...get(ROW_BYTES), I32_ADD, ...set(P[j])]),
    ...SX.flatMap((sx) => [...F32_ZERO, ...set(sx)]),
    ...innerLoop(4),
    ...SX.flatMap((sx, j) => [...outAt, ...get(sx), ...f32StoreAt(4 * j)]),
    ...get(P3), ...set(P0),
    ...advance(XR, 4),
    ...br(0), END, END,
    ...BLOCK, ...LOOP,
    ...get(XR), ...get(ROWS), I32_GE_U, ...brIf(1),
    ...F32_ZERO, ...set(S0),
    ...innerLoop(1),
    ...outAt, ...get(S0), ...f32Store,
    ...advance(XR, 1),
    ...br(0), END, END,
    END,
  ];
  const locals = vec([[8, I32], [5, F32]].map(([n, t]) => [...uleb(n), t]));
  const fn = [...locals, ...code];
  return [...uleb(fn.length), ...fn];
}

const I32_LE_U = 0x4d;
const I32_MUL = 0x6c;
/** exact8hsl's sixth parameter: where the list of row indices is. */
const LIST = 5;
const SELECT = 0x1b;
const DROP = 0x1a;
const i32Load = (offset: number) => [0x28, 2, ...uleb(offset)];
const V128_STORE = (offset: number) => [...simd(0x0b), 4, ...uleb(offset)];
/** v128.load16x4_s (align 8 bytes, offset 0): four int16 sign-extended to four i32 lanes. */
const V128_LOAD16X4_S = [...simd(0x03), 3, 0];
const I32X4_SHL = simd(0xab);
const V128_AND = simd(0x4e);
/** v128.const with the same 32-bit value in every lane. */
const v128I32 = (x: number) => [...simd(0x0c), ...Array.from({ length: 4 }, () => [x & 0xff, (x >>> 8) & 0xff, (x >>> 16) & 0xff, (x >>> 24) & 0xff]).flat()];
const shuffle = (lanes: number[]) => [...simd(0x0d), ...lanes];
/** Byte lanes of i8x16.shuffle: [a0 b0 a1 b1], [a2 b2 a3 b3] (32-bit lanes), [a0 a1 b0 b1], [a2 a3 b2 b3] (64-bit halves). */
const bytesOf = (lanes32: number[]) => lanes32.flatMap((l) => [4 * l, 4 * l + 1, 4 * l + 2, 4 * l + 3]);
const LO32 = shuffle(bytesOf([0, 4, 1, 5]));
const HI32 = shuffle(bytesOf([2, 6, 3, 7]));
const LO64 = shuffle(bytesOf([0, 1, 4, 5]));
const HI64 = shuffle(bytesOf([2, 3, 6, 7]));

// `exact8`'s params and locals for `groups` groups of four rows: i32 r, i, p0..p(4·groups − 1), qp,
// rowBytes, t; v128 qv, a, b, c, d, u0..u3, acc0..acc(groups − 1), mask, scale.
function exact8Locals(groups: number, params = 5) {
  let at = params;
  const next = () => at++;
  const r = next();
  const i = next();
  const p = Array.from({ length: 4 * groups }, next);
  const qp = next();
  const rowBytes = next();
  const t = next();
  const qv = next();
  const abcd = Array.from({ length: 4 }, next);
  const u = Array.from({ length: 4 }, next);
  const acc = Array.from({ length: groups }, next);
  const mask = next();
  const scale = next();
  return { r, i, p, qp, rowBytes, t, qv, abcd, u, acc, mask, scale, i32s: 4 * groups + 5, v128s: 11 + groups };
}

/**
 * Eight rows at a time, a row per lane (see above): rows must be a multiple of 8 and dim of 4.
 * `half`: the rows are binary16 (exact8h): four halves of a row are loaded sign-extended into four
 * i32 lanes and widened to float32 exactly — shifted left 13 bits and masked to the sign and the
 * 15 bits of exponent and mantissa, which is the float32 whose exponent is 112 less, then multiplied
 * by 2^112 (exact; a half subnormal becomes a float32 subnormal first, which wasm's IEEE arithmetic
 * keeps) — and the products and sums are then exact8's. It takes sixteen rows at a time (four
 * groups, rows a multiple of 16): the widening lengthens each step, and four chains in flight
 * instead of two keep the core busy while the next rows arrive (which it does not read ahead).
 */
function exact8Body(half = false, scaledQuery = false, listed = false): number[] {
  const groups = half ? 4 : 2;
  const { r, i, p, qp, rowBytes, t, qv, abcd, u, acc, mask, scale, i32s, v128s } = exact8Locals(groups, listed ? 6 : 5);
  const last = p[p.length - 1];
  // To f = w · 2^-112; times 2^112 unless the query carries that factor (exact8hs).
  const widen = [...i32c(13), ...I32X4_SHL, ...get(mask), ...V128_AND, ...(scaledQuery ? [] : [...get(scale), ...F32X4_MUL])];
  const rowFloats = (pk: number) => (half ? [...get(pk), ...V128_LOAD16X4_S, ...widen] : [...get(pk), ...v128Load(0)]);
  const group = (g: number) => [
    // The products of four floats of rows 4g .. 4g + 3.
    ...abcd.flatMap((x, j) => [...rowFloats(p[4 * g + j]), ...get(qv), ...F32X4_MUL, ...set(x)]),
    ...get(abcd[0]), ...get(abcd[1]), ...LO32, ...set(u[0]),
    ...get(abcd[0]), ...get(abcd[1]), ...HI32, ...set(u[1]),
    ...get(abcd[2]), ...get(abcd[3]), ...LO32, ...set(u[2]),
    ...get(abcd[2]), ...get(abcd[3]), ...HI32, ...set(u[3]),
    // acc += element i's products, then i + 1's, i + 2's, i + 3's.
    ...get(acc[g]),
    ...get(u[0]), ...get(u[2]), ...LO64, ...F32X4_ADD,
    ...get(u[0]), ...get(u[2]), ...HI64, ...F32X4_ADD,
    ...get(u[1]), ...get(u[3]), ...LO64, ...F32X4_ADD,
    ...get(u[1]), ...get(u[3]), ...HI64, ...F32X4_ADD,
    ...set(acc[g]),
  ];
  const outAt = [...get(OUT), ...get(r), ...i32c(2), I32_SHL, I32_ADD];
  const code = [
    ...get(DIM), ...i32c(half ? 1 : 2), I32_SHL, ...set(rowBytes),
    ...(half ? [...v128I32(0x8fffe000), ...set(mask), ...v128I32(0x77800000), ...set(scale)] : []),
    ...get(V), ...set(p[0]),
    ...BLOCK, ...LOOP,
    ...get(r), ...get(ROWS), I32_GE_U, ...brIf(1),
    // Listed rows: row j of the group is list[r + j] (an i32 index) rows past v; else the next one.
    ...(listed
      ? p.flatMap((pk, j) => [...get(LIST), ...get(r), ...i32c(j), I32_ADD, ...i32c(2), I32_SHL, I32_ADD, ...i32Load(0), ...get(rowBytes), I32_MUL, ...get(V), I32_ADD, ...set(pk)])
      : p.slice(1).flatMap((pk, j) => [...get(p[j]), ...get(rowBytes), I32_ADD, ...set(pk)])),
    ...acc.flatMap((a) => [...v128Zero, ...set(a)]),
    // t: the next rows when this call has them (else these rows again), read ahead in order (float32
    // rows only: over half rows the hardware's own prefetch does better, 11 against 12.7 ms a 100k pass).
    ...(half ? [] : [...get(last), ...get(rowBytes), I32_ADD, ...get(p[0]), ...get(r), ...i32c(8 * groups), I32_ADD, ...get(ROWS), I32_LE_U, SELECT, ...set(t)]),
    ...get(Q), ...set(qp), ...i32c(0), ...set(i),
    ...BLOCK, ...LOOP,
    ...get(i), ...get(DIM), I32_GE_U, ...brIf(1),
    ...get(qp), ...v128Load(0), ...set(qv),
    ...acc.flatMap((_, g) => group(g)),
    // Two cache lines of the next rows a step: dim/4 steps touch all 8·dim·4/64 = dim/2 of them.
    ...(half ? [] : [...get(t), ...i32Load(0), DROP, ...get(t), ...i32Load(64), DROP, ...advance(t, 128)]),
    ...p.flatMap((pk) => advance(pk, half ? 8 : 16)),
    ...advance(qp, 16), ...advance(i, 4),
    ...br(0), END, END,
    ...acc.flatMap((a, g) => [...outAt, ...get(a), ...V128_STORE(16 * g)]),
    // The next rows start after the last (listed rows: read from the list above).
    ...(listed ? [] : [...get(last), ...set(p[0])]),
    ...advance(r, 4 * groups),
    ...br(0), END, END,
    END,
  ];
  const locals = vec([[i32s, I32], [v128s, V128]].map(([n, t]) => [...uleb(n), t]));
  const fn = [...locals, ...code];
  return [...uleb(fn.length), ...fn];
}

/**
 * `dotsh` (and `dotshs` for a query scaled by HALF_QUERY_SCALE): `dots` over rows of binary16
 * halves, dim a multiple of 16. Sixteen halves of a row a step, in four f32x4 accumulators: each
 * group of four halves loaded sign-extended into four i32 lanes and widened to float32 exactly as
 * exact8h does (shift, mask, times 2^112 unless the query carries it), multiplied by four query
 * floats and added to its accumulator; the four then summed as `dots` sums them. No transposition:
 * the first pass over half rows (knn.ts, and the adaptive cut's approximate similarities), about
 * three times exact8hs's speed. Its error bound is `dots`'s (each term meets at most dim/16 + 4
 * roundings of sums and one of its product).
 */
function approxHalfBody(scaledQuery: boolean): number[] {
  const [r, i, vp, qp] = [5, 6, 7, 8];
  const acc = [9, 10, 11, 12];
  const [mask, scale] = [13, 14];
  const load16x4 = (offset: number) => [...simd(0x03), 3, ...uleb(offset)];
  const widen = [...i32c(13), ...I32X4_SHL, ...get(mask), ...V128_AND, ...(scaledQuery ? [] : [...get(scale), ...F32X4_MUL])];
  const code = [
    ...v128I32(0x8fffe000), ...set(mask), ...v128I32(0x77800000), ...set(scale),
    ...get(V), ...set(vp),
    ...BLOCK, ...LOOP,
    ...get(r), ...get(ROWS), I32_GE_U, ...brIf(1),
    ...acc.flatMap((a) => [...v128Zero, ...set(a)]),
    ...get(Q), ...set(qp), ...i32c(0), ...set(i),
    ...BLOCK, ...LOOP,
    ...get(i), ...get(DIM), I32_GE_U, ...brIf(1),
    ...acc.flatMap((a, j) => [...get(a), ...get(vp), ...load16x4(8 * j), ...widen, ...get(qp), ...v128Load(16 * j), ...F32X4_MUL, ...F32X4_ADD, ...set(a)]),
    ...advance(vp, 32), ...advance(qp, 64), ...advance(i, 16),
    ...br(0), END, END,
    ...get(OUT), ...get(r), ...i32c(2), I32_SHL, I32_ADD,
    ...sumOfAccumulators(acc),
    ...f32Store,
    ...advance(r, 1),
    ...br(0), END, END,
    END,
  ];
  const locals = vec([[4, I32], [6, V128]].map(([n, t]) => [...uleb(n), t]));
  const fn = [...locals, ...code];
  return [...uleb(fn.length), ...fn];
}

/** The module's bytes. */
export function dotKernelBytes(): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32], [I32]]), ...vec([])], [0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [I32]]), ...vec([])]])),
    ...section(2, vec([[...name("env"), ...name("memory"), 0x02, 0x00, ...uleb(1)]])),
    ...section(3, vec([uleb(0), uleb(0), uleb(0), uleb(0), uleb(0), uleb(0), uleb(0), uleb(1), uleb(1)])),
    ...section(7, vec([[...name("dots"), 0x00, ...uleb(0)], [...name("exact"), 0x00, ...uleb(1)], [...name("exact8"), 0x00, ...uleb(2)], [...name("exact8h"), 0x00, ...uleb(3)], [...name("exact8hs"), 0x00, ...uleb(4)], [...name("dotsh"), 0x00, ...uleb(5)], [...name("dotshs"), 0x00, ...uleb(6)], [...name("exact8hl"), 0x00, ...uleb(7)], [...name("exact8hsl"), 0x00, ...uleb(8)]])),
    ...section(10, vec([body(), exactBody(), exact8Body(), exact8Body(true), exact8Body(true, true), approxHalfBody(false), approxHalfBody(true), exact8Body(true, false, true), exact8Body(true, true, true)])),
  ]);
}

let compiled: WebAssembly.Module | null | undefined;

/** The compiled module, or null where this runtime has no wasm SIMD. */
export function dotKernelModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(dotKernelBytes());
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/** Rows the half kernel computes at a time: a caller keeps this many rows past its last in memory. */
export const HALF_GROUP_ROWS = 16;

/** `dotsh` and `dotshs` take sixteen halves a step: their dim must be a multiple of this. */
export const APPROX_HALF_DIM = 16;

/** The factor exactHalfScaled's query carries (see exact8hs above). */
export const HALF_QUERY_SCALE = 2 ** 112;

/** Whether every value of `q` times HALF_QUERY_SCALE is a finite float32 (|x| < 2^16), so exactHalfScaled applies. */
export function scalesExactly(q: ArrayLike<number>): boolean {
  for (let i = 0; i < q.length; i++) if (!(Math.abs(q[i]) < 65536)) return false;
  return true;
}

export type DotsFn = (q: number, v: number, rows: number, dim: number, out: number) => void;
/** DotsFn over listed rows: row j is `list[j]` (i32 indices at byte address `list`) rows past `v`. */
export type ListedDotsFn = (q: number, v: number, rows: number, dim: number, out: number, list: number) => void;

/** `dots` bound to `memory`; null without wasm SIMD. */
export function dotKernel(memory: WebAssembly.Memory): DotsFn | null {
  return dotKernels(memory)?.dots ?? null;
}

/**
 * `dots` (SIMD, any order) and `exact` (pgvector's order) bound to `memory`; null without wasm SIMD.
 * `exact` sends whole groups of eight rows to `exact8` when dim is a multiple of 4, the rest to the
 * scalar chains: the same values either way.
 */
export function dotKernels(
  memory: WebAssembly.Memory,
): {
  dots: DotsFn;
  exact: DotsFn;
  exactScalar: DotsFn;
  exact8: DotsFn;
  exactHalf: DotsFn;
  exactHalfScaled: DotsFn;
  dotsHalf: DotsFn;
  dotsHalfScaled: DotsFn;
  exactHalfListed: ListedDotsFn;
  exactHalfListedScaled: ListedDotsFn;
} | null {
  const compiledModule = dotKernelModule();
  if (!compiledModule) return null;
  const e = new WebAssembly.Instance(compiledModule, { env: { memory } }).exports;
  const scalar = e.exact as DotsFn;
  const exact8 = e.exact8 as DotsFn;
  const exact: DotsFn = (q, v, rows, dim, out) => {
    const eights = dim % 4 === 0 ? rows - (rows % 8) : 0;
    if (eights > 0) exact8(q, v, eights, dim, out);
    if (rows > eights) scalar(q, v + eights * dim * 4, rows - eights, dim, out + eights * 4);
  };
  // Half rows: whole groups of sixteen, the last one reaching past `rows` into rows the caller keeps
  // in memory (vector-matrix.ts pads) and whose dot products it ignores.
  const exact8h = e.exact8h as DotsFn;
  const exactHalf: DotsFn = (q, v, rows, dim, out) => exact8h(q, v, Math.ceil(rows / HALF_GROUP_ROWS) * HALF_GROUP_ROWS, dim, out);
  const exact8hs = e.exact8hs as DotsFn;
  const exactHalfScaled: DotsFn = (q, v, rows, dim, out) => exact8hs(q, v, Math.ceil(rows / HALF_GROUP_ROWS) * HALF_GROUP_ROWS, dim, out);
  // Listed half rows: whole groups of sixteen too; the caller pads the list with valid rows.
  const exact8hl = e.exact8hl as ListedDotsFn;
  const exactHalfListed: ListedDotsFn = (q, v, rows, dim, out, list) => exact8hl(q, v, Math.ceil(rows / HALF_GROUP_ROWS) * HALF_GROUP_ROWS, dim, out, list);
  const exact8hsl = e.exact8hsl as ListedDotsFn;
  const exactHalfListedScaled: ListedDotsFn = (q, v, rows, dim, out, list) => exact8hsl(q, v, Math.ceil(rows / HALF_GROUP_ROWS) * HALF_GROUP_ROWS, dim, out, list);
  // `dotsh` / `dotshs` need dim a multiple of 16 (the caller checks: APPROX_HALF_DIM).
  return {
    dots: e.dots as DotsFn,
    exact,
    exactScalar: scalar,
    exact8,
    exactHalf,
    exactHalfScaled,
    dotsHalf: e.dotsh as DotsFn,
    dotsHalfScaled: e.dotshs as DotsFn,
    exactHalfListed,
    exactHalfListedScaled,
  };
}
