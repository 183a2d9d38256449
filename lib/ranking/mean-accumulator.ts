/**
 * Per-model weighted mean and its standard error, with weights as frequencies (bootstrap
 * multiplicities): mean = Σwx/Σw, s² = (Σwx² − Σw·mean²)/(Σw − 1), se = s/√Σw.
 */
export interface ModelMeans {
  mean: Float64Array;
  se: Float64Array;
  /** Σ weights (the number of values when all weights are 1) */
  n: Float64Array;
}

export class MeanAccumulator {
  private readonly sw: Float64Array;
  private readonly swx: Float64Array;
  private readonly swxx: Float64Array;
  constructor(private readonly nModels: number) {
    this.sw = new Float64Array(nModels);
    this.swx = new Float64Array(nModels);
    this.swxx = new Float64Array(nModels);
  }

  add(model: number, x: number, w: number): void {
    if (!(w > 0)) return;
    this.sw[model] += w;
    this.swx[model] += w * x;
    this.swxx[model] += w * x * x;
  }

  result(): ModelMeans {
    const mean = new Float64Array(this.nModels).fill(NaN);
    const se = new Float64Array(this.nModels).fill(NaN);
    for (let m = 0; m < this.nModels; m++) {
      const w = this.sw[m];
      if (!(w > 0)) continue;
      mean[m] = this.swx[m] / w;
      if (w > 1) se[m] = Math.sqrt(Math.max(0, (this.swxx[m] - w * mean[m] * mean[m]) / (w - 1)) / w);
    }
    return { mean, se, n: this.sw.slice() };
  }
}
