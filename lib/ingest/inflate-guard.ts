// Caps on what a received body may inflate to, counted while it streams: a gzip (or zip) bomb is
// refused after inflating a bounded amount, never after inflating (or hashing) all of it.
// Two caps: the inflated size itself, and the inflation ratio once past a floor — a 2.5 MB gzip of
// 2.2 GB of zeros or newlines is ~900:1, while real results files compress 5–40:1.
import { ApiError } from "@/lib/api/errors";

export interface InflateLimits {
  /** Largest inflated content, bytes (env UPLOAD_MAX_INFLATED_BYTES). */
  maxInflatedBytes: number;
  /** Largest inflated : compressed ratio, checked once the inflated size passes `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const DEFAULT_RATIO_FLOOR_BYTES = 64 * 1024 * 1024;

export class InflateGuard {
  inflated = 0;

  constructor(private readonly limits: InflateLimits) {}

  /** Counts `n` more inflated bytes, produced from `compressed` bytes so far; throws 413 past a cap. */
  add(n: number, compressed: number): void {
    this.inflated += n;
    const { maxInflatedBytes, maxRatio, ratioFloorBytes } = this.limits;
    if (this.inflated > maxInflatedBytes) {
      throw new ApiError("payload_too_large", `the file inflates to more than ${maxInflatedBytes} bytes (UPLOAD_MAX_INFLATED_BYTES); refused as a decompression bomb`);
    }
    if (this.inflated > ratioFloorBytes && this.inflated > maxRatio * Math.max(1, compressed)) {
      throw new ApiError(
        "payload_too_large",
        `the file inflates more than ${maxRatio}:1 (${this.inflated} bytes from ${compressed} so far, UPLOAD_MAX_INFLATE_RATIO); refused as a decompression bomb`,
      );
    }
  }
}
