#!/usr/bin/python3
"""The fine fallen net: is the object at the middle of a 2 mm square fallen?

  /usr/bin/python3 models/train/fine_fallen.py --data models/train/fine --val models/train/fineval \
      --minutes 40 --threads 2 --seed 91 --out models/train/runs/fine.onnx
  /usr/bin/python3 models/train/fine_fallen.py --merge models/miniature-detector.onnx models/train/runs/fine.onnx \
      --out models/train/runs/md-fine.onnx        # one file: map -> heat, patch -> ..., fine -> fallen_fine
  /usr/bin/python3 models/train/fine_fallen.py --smoke DIR --out X.onnx                         # the tests

The second stage's fallen net (fall_classifier.py) reads a 24 x 24 square of the 4 mm map: a
figure 30 mm tall is seven cells there, and a base on its edge is one. This net reads the same
96 mm around the object at 2 mm cells, sampled from the frame (src/vision/learned/fine-squares.ts;
the training squares by models/train/make-fine.ts, the same code): FINE x FINE cells, the same
nine channels. Squares lie on every model's true point, moved up to the stored margin, turned
and mirrored eight ways (the tilt channels turn with them), with the empty table's channels
dropped for half the views, colour drift. With --val, the shipped file's 4 mm fallen net is
scored on the same validation points first (the NAME.bin maps make-fine.js --map writes), so
the two are compared on one set. Seeded; CPU only; Debian's python3-torch 1.13.
"""
import argparse
import glob
import json
import math
import os
import random
import sys
import time

import numpy as np
import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from onnx_weights import load_part  # noqa: E402
from train import CHANNELS, balanced_bce, timed_steps, turn_square  # noqa: E402

FINE = 48


def block(c_in, c_out, k=3, stride=1, groups=1, pad=None):
    if pad is None:
        pad = (k - 1) // 2 if stride == 1 else 0
    return nn.Sequential(nn.Conv2d(c_in, c_out, k, stride=stride, padding=pad, groups=groups, bias=False), nn.BatchNorm2d(c_out), nn.ReLU(inplace=True))


def fine_trunk():
    """[N, 9, 48, 48] -> [N, 64, 3, 3], about 2 M multiply-adds a square: the first layer halves
    the 2 mm cells at once (3 x 3, so each output still sees a base's edge), then the 4 mm fallen
    net's trunk shape; the 3 x 3 last map keeps where the mass lies. The fine nets' one trunk."""
    return nn.Sequential(
        block(CHANNELS, 16, k=3, stride=2, pad=1),   # 24 x 24
        block(16, 16, groups=16), block(16, 24, k=1),
        block(24, 32, k=2, stride=2),                 # 12 x 12
        block(32, 32, groups=32), block(32, 32, k=1),
        block(32, 48, k=2, stride=2),                 # 6 x 6
        block(48, 48, groups=48), block(48, 48, k=1),
        block(48, 64, k=2, stride=2),                 # 3 x 3
    )


def train_step(opt, loss, hist, t0, smoke):
    """One optimiser step on `loss`, its value kept in `hist`, the mean of the last 100 printed every 100 steps (each step of a smoke run)."""
    opt.zero_grad()
    loss.backward()
    opt.step()
    hist.append(loss.item())
    if len(hist) % 100 == 0 or smoke:
        print('step %d  %.0f s  loss %.4f' % (len(hist), time.time() - t0, float(np.mean(hist[-100:]))), flush=True)


def save_net(model, export, out, smoke, default_out, step):
    """A trained fine net exported to `out` (and its weights beside it as OUT.pt), unless a smoke
    run was given no --out of its own."""
    if smoke and out == default_out:
        return
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    export(model, out)
    if not smoke:
        torch.save(model.state_dict(), out + '.pt')
    print('exported %s (%d bytes) after %d steps' % (out, os.path.getsize(out), step))


class FineFallen(nn.Module):
    """[N, 9, 48, 48] -> the chance that the object at the middle is fallen, [N, 1]."""

    def __init__(self):
        super().__init__()
        self.f = fine_trunk()
        self.fc = nn.Sequential(nn.Flatten(), nn.Linear(64 * 9, 48), nn.ReLU(inplace=True), nn.Linear(48, 1))

    def forward(self, x):
        return torch.sigmoid(self.fc(self.f(x)))


def load_fine(dirs, limit=None, skip=()):
    """Every stored square of the directories but the tables in `skip`: (squares float16 [N, 9, S, S],
    fallen [N], models' truth, margin, the tables read)."""
    xs, ys, truth, margin = [], [], [], None
    files = sorted(p for d in dirs.split(',') if d for p in glob.glob(os.path.join(d, '*.fine.json')) if p not in skip)
    for jp in files[:limit]:
        meta = json.load(open(jp))
        s, c = meta['side'], meta['channels']
        if c != CHANNELS:
            sys.exit('%s: %d channels, expected %d' % (jp, c, CHANNELS))
        if margin is None:
            margin = meta['margin']
        elif margin != meta['margin']:
            sys.exit('%s: margin %d, the others %d' % (jp, meta['margin'], margin))
        x = np.fromfile(jp[:-len('.json')] + '.bin', np.float32)
        if x.size != len(meta['models']) * c * s * s:
            sys.exit('%s: %d values for %d squares' % (jp, x.size, len(meta['models'])))
        xs.append(x.reshape(-1, c, s, s).astype(np.float16))
        for m in meta['models']:
            ys.append(1.0 if m['fallen'] else 0.0)
            truth.append(m)
    if not xs:
        return None
    return np.concatenate(xs), np.array(ys, np.float32), truth, margin, set(files[:limit])


def view(p, rng, margin, bg_drop=True):
    """One training view of a stored square: moved, turned, mirrored, maybe without the empty table."""
    dr = rng.randrange(-margin, margin + 1)
    dc = rng.randrange(-margin, margin + 1)
    x, _ = turn_square(p[:, margin + dr:margin + dr + FINE, margin + dc:margin + dc + FINE].astype(np.float32), rng)
    if bg_drop and rng.random() < 0.5:
        x[5:9] = 0
    for ch in range(3):
        x[ch] = x[ch] * np.float32(rng.uniform(0.85, 1.15)) + np.float32(rng.gauss(0, 0.05))
    return x


def middle(xs, margin):
    return np.ascontiguousarray(xs[:, :, margin:margin + FINE, margin:margin + FINE].astype(np.float32))


def scores(s, ys):
    """AUC and the falls found at 1, 2 and 5 % of standing models called fallen, and at 0.5."""
    pos, neg = s[ys == 1], s[ys == 0]
    auc = float((pos[:, None] > neg[None, :]).mean() + 0.5 * (pos[:, None] == neg[None, :]).mean())
    found = {q: round(float((pos > np.quantile(neg, 1 - q)).mean()), 3) for q in (0.01, 0.02, 0.05)}
    return {'auc': round(auc, 4), 'found': found, 'at_0.5': [round(float((pos >= 0.5).mean()), 3), round(float((neg >= 0.5).mean()), 3)]}


def predict(model, x, batch=256):
    model.eval()
    out = []
    with torch.no_grad():
        for i in range(0, len(x), batch):
            out.append(model(torch.from_numpy(x[i:i + batch])).numpy()[:, 0])
    return np.concatenate(out)


def evaluate(model, xs, ys, margin):
    out = {}
    for bg in (True, False):
        x = middle(xs, margin)
        if not bg:
            x[:, 5:9] = 0
        out['bg' if bg else 'no-bg'] = scores(predict(model, x), ys)
    return out


def coarse_baseline(onnx_path, val_dirs):
    """The shipped 4 mm fallen net on the validation tables' true points: the figure to beat."""
    from fall_classifier import FallClassifier, at_models, centre
    from train import load
    net = FallClassifier(second=False)
    load_part(net, onnx_path, 'fallen')
    items = load(val_dirs)
    if not items:
        return None
    s = at_models(items, 0)
    ys = s.labels()
    out = {}
    for bg in (True, False):
        x = np.stack([centre(p) for p in s.xs])
        if not bg:
            x[:, 5:9] = 0
        net.eval()
        with torch.no_grad():
            out['bg' if bg else 'no-bg'] = scores(net(torch.from_numpy(x))[0].numpy()[:, 0], ys)
    return out


def export(model, path):
    model.eval()
    torch.onnx.export(model, torch.zeros(2, CHANNELS, FINE, FINE), path, opset_version=13, input_names=['fine'], output_names=['fallen_fine'],
                      dynamic_axes={'fine': {0: 'fine_n'}, 'fallen_fine': {0: 'fine_n'}})


def merge(detector_path, fine_path, out_path, outputs=('fallen_fine',)):
    """One file: the detector's graph (map, patch) beside a fine net's (fine -> its outputs:
    fallen_fine here, place_fine for place_fine.py's)."""
    import onnx
    from onnx import compose
    a = onnx.load(detector_path)
    b = onnx.load(fine_path)
    held = [o for o in outputs if o in [v.name for v in a.graph.output]]
    if held:
        sys.exit('%s: already holds %s' % (detector_path, ', '.join(held)))
    # A second fine net reads the same `fine` input as the first; its nodes are named apart.
    shared = 'fine' in [i.name for i in a.graph.input]
    b = compose.add_prefix(b, outputs[0] + '_net.' if shared else 'fine_net.')
    # onnxruntime takes equal dim names for equal sizes: the fine net's batch must not be called
    # what the patch batch is, or a run with one of them idle reuses the other's buffers.
    for v in list(b.graph.input) + list(b.graph.output) + list(b.graph.value_info):
        for d in v.type.tensor_type.shape.dim:
            if d.dim_param and not d.dim_param.startswith('fine_'):
                d.dim_param = 'fine_' + d.dim_param
    if a.opset_import[0].version != b.opset_import[0].version:
        sys.exit('opsets differ: %d and %d' % (a.opset_import[0].version, b.opset_import[0].version))
    m = compose.merge_models(a, b, io_map=[])
    # The prefix renamed the fine net's input and output with its edges: give them their names back.
    prefix = outputs[0] + '_net.' if shared else 'fine_net.'
    for old, new in [(prefix + 'fine', 'fine')] + [(prefix + o, o) for o in outputs]:
        for v in list(m.graph.input) + list(m.graph.output):
            if v.name == old:
                v.name = new
        for n in m.graph.node:
            n.input[:] = [new if x == old else x for x in n.input]
            n.output[:] = [new if x == old else x for x in n.output]
    # Both nets' `fine` inputs are now one.
    inputs = {}
    for v in m.graph.input:
        inputs.setdefault(v.name, v)
    if len(inputs) != len(m.graph.input):
        kept = list(inputs.values())
        del m.graph.input[:]
        m.graph.input.extend(kept)
    onnx.checker.check_model(m)
    onnx.save(m, out_path)
    print('merged %s (%d bytes)' % (out_path, os.path.getsize(out_path)))


def fine_args(data, data_help, val_help, out, minutes, seed, threads):
    """The fine nets' trainers' flags, with each trainer's defaults."""
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', default=data, help=data_help)
    ap.add_argument('--val', help=val_help)
    ap.add_argument('--out', default=out)
    ap.add_argument('--minutes', type=float, default=minutes)
    ap.add_argument('--batch', type=int, default=96)
    ap.add_argument('--seed', type=int, default=seed)
    ap.add_argument('--lr', type=float, default=3e-3)
    ap.add_argument('--threads', type=int, default=threads)
    ap.add_argument('--resume', help='a .pt of this net to start from')
    ap.add_argument('--smoke', help='three steps on this directory')
    ap.add_argument('--merge', nargs=2, metavar=('DETECTOR.onnx', 'NET.onnx'), help='write OUT holding both graphs, and stop')
    return ap


def main():
    ap = fine_args('models/train/fine', 'directories of squares (make-fine.js)', 'make-fine.js --map tables of fresh seeds: scored as it trains, beside the shipped 4 mm net',
                   'models/train/runs/fine.onnx', 40, 91, 2)
    ap.add_argument('--baseline', default='models/miniature-detector.onnx', help="the file whose 4 mm fallen net --val scores first")
    a = ap.parse_args()
    if a.merge:
        merge(a.merge[0], a.merge[1], a.out)
        return
    torch.manual_seed(a.seed)
    random.seed(a.seed)
    np.random.seed(a.seed)
    torch.set_num_threads(a.threads)
    got = load_fine(a.smoke or a.data, 4 if a.smoke else None)
    if got is None:
        sys.exit('no fine squares in %s' % (a.smoke or a.data))
    xs, ys, _, margin, read = got
    val = load_fine(a.val) if a.val else None
    if val is not None and not a.smoke:
        print('shipped 4 mm fallen net on the validation points:', coarse_baseline(a.baseline, a.val), flush=True)
    model = FineFallen()
    if a.resume:
        model.load_state_dict(torch.load(a.resume))
    print('%d squares (%d fallen), margin %d, %d parameters' % (len(ys), int(ys.sum()), margin, sum(p.numel() for p in model.parameters())), flush=True)
    share = float(ys.mean())
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=1e-4)
    rng = random.Random(a.seed)
    t0 = time.time()
    hist = []
    last_eval = time.time()
    for _ in timed_steps(opt, a.lr, a.minutes, bool(a.smoke)):
        model.train()
        idx = [rng.randrange(len(ys)) for _ in range(a.batch if not a.smoke else 4)]
        x = torch.from_numpy(np.stack([view(xs[i], rng, margin) for i in idx]))
        y = torch.from_numpy(ys[idx])[:, None]
        loss = balanced_bce(model(x), y, share)
        train_step(opt, loss, hist, t0, bool(a.smoke))
        if not a.smoke and time.time() - last_eval > 300:
            last_eval = time.time()
            # Tables the dataset scripts wrote meanwhile join the training set.
            more = load_fine(a.data, skip=read)
            if more is not None and more[3] == margin:
                xs, ys, read = np.concatenate([xs, more[0]]), np.concatenate([ys, more[1]]), read | more[4]
                print('  now %d squares (%d fallen) from %d tables' % (len(ys), int(ys.sum()), len(read)), flush=True)
            if val is not None:
                print('  val', evaluate(model, val[0], val[1], val[3]), flush=True)
    if hist and not math.isfinite(hist[-1]):
        sys.exit('training diverged')
    if val is not None:
        print('val', evaluate(model, val[0], val[1], val[3]), flush=True)
    save_net(model, export, a.out, bool(a.smoke), ap.get_default('out'), len(hist))


if __name__ == '__main__':
    main()
