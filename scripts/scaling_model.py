#!/usr/bin/env python3
"""The step-time model of doc/scaling.md for the distributed tiled steppers, its fit
to the measured 1-4 GPU points, and its prediction to 1024 GPUs; writes the table to
stdout and the plot to doc/images/scaling_model.svg (no third-party packages).

    python3 scripts/scaling_model.py [--svg doc/images/scaling_model.svg]

Model of one fixed step of an s-stage method on P GPUs, n components in all, a 1D
split into slabs, halo H = k*s*r slabs of w components each (k steps per exchange):

    T(P) = max(c * (n/P + 2*H*w), t_launch) + (alpha + 2*H*w*8/beta) / k

c: time per component of one GPU's tiled step (measured on one GPU); t_launch: the
least time of a step of the grid kernel (launch and one wave); alpha: latency of one
halo exchange (both neighbours at once), beta: link bandwidth per GPU. By default the
exchange is overlapped: the step after which it is due (every k-th) runs its end tiles
first (about t_launch) and the exchange runs beside the rest of it; the next step
waits for it. What remains is t_o per step, measured alike at k = 1 and 4 (the
agreements and the cross-stream wait between steps). Averaged over k steps:

    T_ov(P) = c * (n/P + 2*H*w) + max(0, t_launch + alpha + 2*H*w*8/beta - c * (n/P + 2*H*w)) / k + t_o

An adaptive try
adds one error-norm agreement: the host waits for the step (t_sync) and for an
allreduce over the ranks (t_hop per doubling of P), and the next try starts after it:

    T_adapt(P) = c_a * (n/P + 2*H*w) + alpha + t_sync + t_hop * ceil(log2 P)
"""
import argparse
import math

# ---- measured (doc/results/gpu_4x_h100.md, "Several GPUs", 4 x H100 SXM, NVLink) ----
MEASURED = {
    # (case, P): ms per step, bench/distributed_scaling.cu 4 0.005 (the results page's
    # table); on one GPU every k and mode is the same step
    ("weak_rk4_overlap", 1): 0.2111, ("weak_rk4_overlap", 2): 0.2164, ("weak_rk4_overlap", 4): 0.2157,
    ("weak_rk4", 1): 0.2111, ("weak_rk4", 2): 0.2238, ("weak_rk4", 4): 0.2257,
    ("weak_rk4_k4_overlap", 1): 0.2111, ("weak_rk4_k4_overlap", 2): 0.2153, ("weak_rk4_k4_overlap", 4): 0.2164,
    ("weak_rk4_k4", 1): 0.2111, ("weak_rk4_k4", 2): 0.2187, ("weak_rk4_k4", 4): 0.2185,
    ("strong_rk4_overlap", 1): 0.8163, ("strong_rk4_overlap", 2): 0.4170, ("strong_rk4_overlap", 4): 0.2159,
    ("strong_rk4", 1): 0.8163, ("strong_rk4", 2): 0.4278, ("strong_rk4", 4): 0.2258,
    ("strong_rk4_k4_overlap", 1): 0.8163, ("strong_rk4_k4_overlap", 2): 0.4157, ("strong_rk4_k4_overlap", 4): 0.2159,
    ("strong_rk4_k4", 1): 0.8163, ("strong_rk4_k4", 2): 0.4173, ("strong_rk4_k4", 4): 0.2187,
    ("adapt_dp5", 1): 4.4644, ("adapt_dp5", 2): 2.3087, ("adapt_dp5", 4): 1.2105,
}
MI = 1 << 20
D = 1024                     # BRUSS2D x_max = 512: one slab = 1024 components, r = 1
C_RK4 = 0.2114e-3 / (16 * MI)  # s per component, one H100, tiled RK4 (grid kernel)
C_DP5_TRY = 4.4567e-3 / (64 * MI)  # s per component of one adaptive DOPRI5 step (tries included)
T_OVERLAP = 4e-6   # what a step with the overlapped exchange still costs more (fit: 2-5 us on 2-4 GPUs, k = 1 and 4)

LINKS = {
    # name: (alpha [s] per exchange, beta [B/s] per GPU, t_hop [s] per allreduce doubling)
    "NVLink (measured, 1 host)": (15e-6, 150e9, 2e-6),
    "InfiniBand NDR (assumed)": (25e-6, 50e9, 5e-6),
}
T_LAUNCH = 12e-6   # least step time of a small grid-kernel step
T_SYNC = 15e-6     # host waits for the step and reads the norm back


def t_fixed(n, p, k, stages, alpha, beta, c=C_RK4):
    halo = k * stages * D if p > 1 else 0
    return max(c * (n / p + 2 * halo), T_LAUNCH) + ((alpha + 2 * halo * 8 / beta) / k if p > 1 else 0.0)


def t_overlapped(n, p, k, stages, alpha, beta, c=C_RK4):
    if p == 1:
        return t_fixed(n, 1, 1, stages, alpha, beta, c)
    halo = k * stages * D
    compute = c * (n / p + 2 * halo)
    exposed = max(0.0, T_LAUNCH + alpha + 2 * halo * 8 / beta - compute)
    return compute + exposed / k + T_OVERLAP


def t_adapt(n, p, alpha, beta, t_hop, stages=7, c=C_DP5_TRY):
    halo = stages * D if p > 1 else 0
    comm = (alpha + 2 * halo * 8 / beta + T_SYNC + t_hop * math.ceil(math.log2(p))) if p > 1 else T_SYNC
    return c * (n / p + 2 * halo) + comm


def table():
    rows = []
    alpha, beta, hop = LINKS["NVLink (measured, 1 host)"]
    for p in (1, 2, 4):
        for case, n in (("weak_rk4", 16 * MI * p), ("strong_rk4", 64 * MI)):
            for k in (1, 4):
                key = case + ("_k4" if k == 4 else "")
                rows.append((case + "_ov", p, k, MEASURED[(key + "_overlap", p)], 1e3 * t_overlapped(n, p, k, 4, alpha, beta)))
                rows.append((case, p, k, MEASURED[(key, p)], 1e3 * t_fixed(n, p, k, 4, alpha, beta)))
        rows.append(("adapt_dp5", p, 1, MEASURED[("adapt_dp5", p)], 1e3 * t_adapt(64 * MI, p, alpha, beta, hop)))
    return rows


def predictions():
    out = []
    for link, (alpha, beta, hop) in LINKS.items():
        for p in (1, 4, 16, 64, 256, 1024):
            t1w = t_fixed(16 * MI, 1, 1, 4, alpha, beta)
            t1s = t_fixed(64 * MI, 1, 1, 4, alpha, beta)
            t1a = t_adapt(64 * MI, 1, alpha, beta, hop)
            out.append((link, p,
                        t1w / t_overlapped(16 * MI * p, p, 1, 4, alpha, beta),
                        t1w / t_fixed(16 * MI * p, p, 1, 4, alpha, beta),
                        t1w / t_overlapped(16 * MI * p, p, 4, 4, alpha, beta),
                        t1s / t_overlapped(64 * MI, p, 1, 4, alpha, beta),
                        t1s / t_overlapped(64 * MI, p, 4, 4, alpha, beta),
                        t1s / t_fixed(64 * MI, p, 4, 4, alpha, beta),
                        t1a / t_adapt(64 * MI, p, alpha, beta, hop)))
    return out


def svg(path):
    width, height, left, bottom, top, right = 640, 400, 70, 50, 30, 190
    ps = [2 ** i for i in range(0, 11)]
    x = lambda p: left + (width - left - right) * math.log2(p) / 10.0
    y = lambda e: top + (height - top - bottom) * (1.0 - e)
    lines = []
    colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728"]
    series = []
    for link, (alpha, beta, hop) in LINKS.items():
        dash = "" if link.startswith("NVLink") else ' stroke-dasharray="6,4"'
        t1w = t_fixed(16 * MI, 1, 1, 4, alpha, beta)
        t1s = t_fixed(64 * MI, 1, 1, 4, alpha, beta)
        t1a = t_adapt(64 * MI, 1, alpha, beta, hop)
        series.append((f"weak RK4 k=1 overlapped, {link.split(' (')[0]}", colours[0], dash,
                       [t1w / t_overlapped(16 * MI * p, p, 1, 4, alpha, beta) for p in ps]))
        series.append((f"weak RK4 k=1 before, {link.split(' (')[0]}", colours[1], dash,
                       [t1w / t_fixed(16 * MI * p, p, 1, 4, alpha, beta) for p in ps]))
        series.append((f"strong RK4 64 Mi k=4 overlapped, {link.split(' (')[0]}", colours[2], dash,
                       [t1s / t_overlapped(64 * MI, p, 4, 4, alpha, beta) / p for p in ps]))
        series.append((f"strong DOPRI5 64 Mi, {link.split(' (')[0]}", colours[3], dash,
                       [t1a / t_adapt(64 * MI, p, alpha, beta, hop) / p for p in ps]))
    lines.append(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="11">')
    lines.append(f'<rect width="{width}" height="{height}" fill="white"/>')
    for e in (0, 0.25, 0.5, 0.75, 1.0):
        lines.append(f'<line x1="{left}" x2="{width - right}" y1="{y(e):.1f}" y2="{y(e):.1f}" stroke="#ddd"/>')
        lines.append(f'<text x="{left - 8}" y="{y(e) + 4:.1f}" text-anchor="end">{int(e * 100)} %</text>')
    for p in ps:
        lines.append(f'<text x="{x(p):.1f}" y="{height - bottom + 16}" text-anchor="middle">{p}</text>')
    lines.append(f'<text x="{(left + width - right) / 2:.0f}" y="{height - 12}" text-anchor="middle">GPUs (model; dots: measured on 4 x H100)</text>')
    lines.append(f'<text x="{left}" y="{top - 12}">parallel efficiency, BRUSS2D d = 1024 (doc/scaling.md)</text>')
    for name, colour, dash, values in series:
        pts = " ".join(f"{x(p):.1f},{y(min(v, 1.05)):.1f}" for p, v in zip(ps, values))
        lines.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="1.6"{dash}/>')
    measured = [("weak_rk4_overlap", colours[0], lambda p: MEASURED[("weak_rk4_overlap", 1)] / MEASURED[("weak_rk4_overlap", p)]),
                ("weak_rk4", colours[1], lambda p: MEASURED[("weak_rk4", 1)] / MEASURED[("weak_rk4", p)]),
                ("strong_rk4_k4_overlap", colours[2], lambda p: MEASURED[("strong_rk4_k4_overlap", 1)] / MEASURED[("strong_rk4_k4_overlap", p)] / p),
                ("adapt_dp5", colours[3], lambda p: MEASURED[("adapt_dp5", 1)] / MEASURED[("adapt_dp5", p)] / p)]
    for _, colour, f in measured:
        for p in (2, 4):
            lines.append(f'<circle cx="{x(p):.1f}" cy="{y(f(p)):.1f}" r="3.5" fill="{colour}"/>')
    for i, (name, colour, dash, _) in enumerate(series):
        yy = top + 14 * i
        lines.append(f'<line x1="{width - right + 10}" x2="{width - right + 30}" y1="{yy}" y2="{yy}" stroke="{colour}" stroke-width="1.6"{dash}/>')
        lines.append(f'<text x="{width - right + 34}" y="{yy + 4}" font-size="9">{name}</text>')
    lines.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--svg", default=None)
    args = ap.parse_args()
    print("# measured (4 x H100, NVLink) against the model, ms per step")
    print(f"{'case':<13} {'P':>4} {'k':>2} {'measured':>9} {'model':>9}")
    for case, p, k, m, t in table():
        print(f"{case:<13} {p:>4} {k:>2} {m:>9.4f} {t:>9.4f}")
    print("\n# predicted parallel efficiency (weak: 16 Mi per GPU; strong: 64 Mi in all)")
    print(f"{'link':<28} {'P':>5} {'weak k1 ov':>10} {'weak k1 bef':>11} {'weak k4 ov':>10} {'strong k1 ov':>12} {'strong k4 ov':>12} {'strong k4 bef':>13} {'adapt dp5':>10}")
    for link, p, w1, w1b, w4, s1, s4, s4b, a in predictions():
        print(f"{link:<28} {p:>5} {w1:>10.3f} {w1b:>11.3f} {w4:>10.3f} {s1 / p:>12.3f} {s4 / p:>12.3f} {s4b / p:>13.3f} {a / p:>10.3f}")
    if args.svg:
        svg(args.svg)


if __name__ == "__main__":
    main()
