// Hand-encoded ONNX ModelProto pieces: protobuf wire format (varints and length-delimited fields,
// https://protobuf.dev/programming-guides/encoding/) with field numbers from onnx/onnx.proto. No
// ONNX tooling is available offline; scripts/build-tiny-*.ts write their fixture graphs with these.
export type Field = [number, "varint", number] | [number, "bytes", Uint8Array | string];

function varint(n: number): number[] {
  const out: number[] = [];
  let v = BigInt.asUintN(64, BigInt(n));
  do {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v > 0n ? byte | 0x80 : byte);
  } while (v > 0n);
  return out;
}

/** One protobuf message: wire type 0 (varint) or 2 (length-delimited) per field. */
export function message(fields: Field[]): Uint8Array {
  const parts: number[] = [];
  for (const [num, kind, value] of fields) {
    if (kind === "varint") {
      parts.push(...varint((num << 3) | 0), ...varint(value));
    } else {
      const bytes = typeof value === "string" ? new TextEncoder().encode(value) : value;
      parts.push(...varint((num << 3) | 2), ...varint(bytes.length));
      for (const b of bytes) parts.push(b);
    }
  }
  return Uint8Array.from(parts);
}

export const FLOAT = 1;
export const INT64 = 7;

/** TensorProto{dims=1, data_type=2, name=8, raw_data=9 (little-endian)}. */
export function tensor(name: string, dims: number[], data: Float32Array | BigInt64Array): Uint8Array {
  const type = data instanceof Float32Array ? FLOAT : INT64;
  const raw = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return message([...dims.map((d): Field => [1, "varint", d]), [2, "varint", type], [8, "bytes", name], [9, "bytes", raw]]);
}

/** ValueInfoProto{name=1, type=2: TypeProto{tensor_type=1: {elem_type=1, shape=2: {dim=1: {dim_value=1 | dim_param=2}}}}}. */
export function valueInfo(name: string, elemType: number, dims: (number | string)[]): Uint8Array {
  const shape = message(dims.map((d): Field => [1, "bytes", typeof d === "number" ? message([[1, "varint", d]]) : message([[2, "bytes", d]])]));
  const tensorType = message([[1, "varint", elemType], [2, "bytes", shape]]);
  return message([[1, "bytes", name], [2, "bytes", message([[1, "bytes", tensorType]])]]);
}

/** AttributeProto: an int (i=3, type INT=2) or a list of ints (ints=8, type INTS=7). */
function attribute(name: string, value: number | number[]): Field {
  const body: Field[] = Array.isArray(value) ? [[1, "bytes", name], ...value.map((v): Field => [8, "varint", v]), [20, "varint", 7]] : [[1, "bytes", name], [3, "varint", value], [20, "varint", 2]];
  return [5, "bytes", message(body)];
}

/** NodeProto{input=1, output=2, name=3, op_type=4, attribute=5}. */
export function node(op: string, inputs: string[], output: string, attrs: Record<string, number | number[]> = {}): Uint8Array {
  return message([...inputs.map((i): Field => [1, "bytes", i]), [2, "bytes", output], [3, "bytes", output], [4, "bytes", op], ...Object.entries(attrs).map(([k, v]) => attribute(k, v))]);
}

/** ModelProto{ir_version=1, producer_name=2, graph=7, opset_import=8} around a GraphProto{node=1, name=2, initializer=5, input=11, output=12}. */
export function model(g: { name: string; nodes: Uint8Array[]; initializers: Uint8Array[]; inputs: Uint8Array[]; outputs: Uint8Array[] }): Uint8Array {
  const graph = message([
    ...g.nodes.map((n): Field => [1, "bytes", n]),
    [2, "bytes", g.name],
    ...g.initializers.map((t): Field => [5, "bytes", t]),
    ...g.inputs.map((v): Field => [11, "bytes", v]),
    ...g.outputs.map((v): Field => [12, "bytes", v]),
  ]);
  return message([[1, "varint", 8], [2, "bytes", "onebench build-tiny-onnx"], [7, "bytes", graph], [8, "bytes", message([[1, "bytes", ""], [2, "varint", 17]])]]);
}
