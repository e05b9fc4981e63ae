#!/usr/bin/python3
"""The fine placement net: where, in a 2 mm square around a standing model seen, does its base centre lie?

  /usr/bin/python3 models/train/place_fine.py --data models/train/fine18,models/train/fineb \
      --val /tmp/fineval13 --minutes 35 --threads 1 --seed 181 --out models/train/runs/place18.onnx
  /usr/bin/python3 models/train/place_fine.py --merge models/miniature-detector.onnx models/train/runs/place18.onnx \
      --out models/train/runs/md18t.onnx        # one file: map -> heat, patch -> ..., fine -> place_fine
  /usr/bin/python3 models/train/place_fine.py --smoke DIR --out X.onnx                          # the tests

The detector puts a standing model whose base rim it cannot see (a figure without a base, a
vehicle, a base the colour of the cloth) where the 4 mm heat peaks, and that peak follows the
figure's body, which leans away from the camera's nadir in the picture. This net reads the
96 mm around that point at 2 mm cells (src/vision/learned/fine-squares.ts, the fine fallen net's
input: the training squares by models/train/make-fine.ts for the ray caster and
make-blender-dataset.ts --fine for Blender frames, the same code) and gives the base centre's
place from the square's middle, in mm (x along the table's width, y along its depth).

Training views: every standing model's stored square (its true point at the middle) cut 48 cells
wide, moved up to the stored margin (so the true point lies up to 12 mm from the view's middle),
turned and mirrored eight ways with the tilt channels and the target turned alike, the empty
table's channels dropped for half of them, colour drift. Each batch takes half its squares from
each data directory given first and the rest (so a small Blender set is not swamped by the ray
caster's). Smooth L1 loss in mm. Seeded; CPU only; Debian's python3-torch 1.13.
"""
import math
import os
import random
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fine_fallen import FINE, fine_args, fine_trunk, load_fine, merge, save_net, train_step  # noqa: E402
from train import CHANNELS, timed_steps, turn_square  # noqa: E402

# The output's scale: the net's raw values are tenths of this, so a move of the margin is about 1.
SCALE_MM = 12.0


class FinePlace(nn.Module):
    """[N, 9, 48, 48] -> the base centre's place from the square's middle, mm [N, 2] (x, y). The
    fine fallen net's trunk; its 3 x 3 last map keeps where the mass lies, which a place needs."""

    def __init__(self):
        super().__init__()
        self.f = fine_trunk()
        self.fc = nn.Sequential(nn.Flatten(), nn.Linear(64 * 9, 64), nn.ReLU(inplace=True), nn.Linear(64, 2))

    def forward(self, x):
        return self.fc(self.f(x)) * SCALE_MM


def standing(got):
    """The squares of standing models only: (squares, margin, tables read)."""
    xs, ys, _, margin, read = got
    keep = np.nonzero(ys == 0)[0]
    return xs[keep], margin, read


def view(p, rng, margin, bg_drop=True, near=0.0):
    """One training view: (square [9, 48, 48], the true point from its middle in mm (x, y)). With
    chance `near` the move is at most 2 cells (4 mm) a side, as most of the detector's points are."""
    m = min(2, margin) if rng.random() < near else margin
    dr = rng.randrange(-m, m + 1)
    dc = rng.randrange(-m, m + 1)
    x, (mx, my, tr) = turn_square(p[:, margin + dr:margin + dr + FINE, margin + dc:margin + dc + FINE].astype(np.float32), rng)
    # The view's middle lies 2 mm a cell from the true point, which is at the stored middle.
    dx, dy = -2.0 * dc, -2.0 * dr
    if mx:
        dx = -dx
    if my:
        dy = -dy
    if tr:
        dx, dy = dy, dx
    if bg_drop and rng.random() < 0.5:
        x[5:9] = 0
    for ch in range(3):
        x[ch] = x[ch] * np.float32(rng.uniform(0.85, 1.15)) + np.float32(rng.gauss(0, 0.05))
    return x, (dx, dy)


def val_views(xs, margin, seed=7):
    """Fixed validation views: each square moved once at random (no turn), with and without the empty table."""
    rng = random.Random(seed)
    out = {}
    for bg in (True, False):
        vx, vy = [], []
        for p in xs:
            dr = rng.randrange(-margin, margin + 1)
            dc = rng.randrange(-margin, margin + 1)
            x = p[:, margin + dr:margin + dr + FINE, margin + dc:margin + dc + FINE].astype(np.float32)
            if not bg:
                x[5:9] = 0
            vx.append(x)
            vy.append((-2.0 * dc, -2.0 * dr))
        out['bg' if bg else 'no-bg'] = (np.stack(vx), np.array(vy, np.float32))
    return out


def evaluate(model, views):
    """Distance from the true point, mm: left where the view's middle is, and moved by the net (median, p90, share over 3 mm)."""
    model.eval()
    out = {}
    for k, (x, y) in views.items():
        with torch.no_grad():
            pred = np.concatenate([model(torch.from_numpy(x[i:i + 256])).numpy() for i in range(0, len(x), 256)])
        before = np.hypot(y[:, 0], y[:, 1])
        after = np.hypot(y[:, 0] - pred[:, 0], y[:, 1] - pred[:, 1])
        out[k] = {'before': [round(float(np.median(before)), 2), round(float(np.quantile(before, 0.9)), 2)],
                  'after': [round(float(np.median(after)), 2), round(float(np.quantile(after, 0.9)), 2), round(float((after > 3).mean()), 3)]}
    return out


def export(model, path):
    model.eval()
    torch.onnx.export(model, torch.zeros(2, CHANNELS, FINE, FINE), path, opset_version=13, input_names=['fine'], output_names=['place_fine'],
                      dynamic_axes={'fine': {0: 'fine_n'}, 'place_fine': {0: 'fine_n'}})


def main():
    ap = fine_args('models/train/fine18,models/train/fineb', 'directories of squares; batches draw half from the first, half from the rest',
                   'directories of squares of validation tables: scored every 5 min and at the end', 'models/train/runs/place.onnx', 35, 181, 1)
    ap.add_argument('--near', type=float, default=0.0, help='the share of views moved at most 4 mm a side (the rest up to the margin)')
    a = ap.parse_args()
    if not 0 <= a.near <= 1:
        ap.error('--near: %s is not a share from 0 to 1' % a.near)
    if a.merge:
        merge(a.merge[0], a.merge[1], a.out, outputs=('place_fine',))
        return
    torch.manual_seed(a.seed)
    random.seed(a.seed)
    np.random.seed(a.seed)
    torch.set_num_threads(a.threads)
    dirs = (a.smoke or a.data).split(',')
    groups = []
    for d in ([dirs[0], ','.join(dirs[1:])] if len(dirs) > 1 else dirs):
        got = load_fine(d, 4 if a.smoke else None)
        if got is None:
            sys.exit('no fine squares in %s' % d)
        groups.append([d, *standing(got)])
    margin = groups[0][2]
    if any(g[2] != margin for g in groups):
        sys.exit('the directories hold squares of different margins')
    val = None
    if a.val:
        got = load_fine(a.val)
        if got is None:
            sys.exit('no fine squares in %s' % a.val)
        vx, vmargin, _ = standing(got)
        val = val_views(vx, vmargin)
    model = FinePlace()
    if a.resume:
        model.load_state_dict(torch.load(a.resume))
    print('%s standing squares, margin %d, %d parameters' % (' + '.join('%d (%s)' % (len(g[1]), g[0]) for g in groups), margin, sum(p.numel() for p in model.parameters())), flush=True)
    if val is not None:
        print('  val', evaluate(model, val), flush=True)
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=1e-4)
    rng = random.Random(a.seed)
    t0 = time.time()
    hist = []
    last_eval = time.time()
    for _ in timed_steps(opt, a.lr, a.minutes, bool(a.smoke)):
        model.train()
        views = []
        for _ in range(a.batch if not a.smoke else 4):
            g = groups[rng.randrange(len(groups))]
            views.append(view(g[1][rng.randrange(len(g[1]))], rng, margin, near=a.near))
        x = torch.from_numpy(np.stack([v[0] for v in views]))
        y = torch.tensor([v[1] for v in views], dtype=torch.float32)
        loss = F.smooth_l1_loss(model(x), y, beta=1.0)
        train_step(opt, loss, hist, t0, bool(a.smoke))
        if not a.smoke and time.time() - last_eval > 300:
            last_eval = time.time()
            # Tables the dataset scripts wrote meanwhile join the training set.
            for g in groups:
                more = load_fine(g[0], skip=g[3])
                if more is not None and more[3] == margin:
                    mx, _, mr = standing(more)
                    g[1], g[3] = np.concatenate([g[1], mx]), g[3] | mr
            print('  now %s standing squares' % ' + '.join(str(len(g[1])) for g in groups), flush=True)
            if val is not None:
                print('  val', evaluate(model, val), flush=True)
    if hist and not math.isfinite(hist[-1]):
        sys.exit('training diverged')
    if val is not None:
        print('val', evaluate(model, val), flush=True)
    save_net(model, export, a.out, bool(a.smoke), ap.get_default('out'), len(hist))


if __name__ == '__main__':
    main()
