#!/usr/bin/python3
"""The second stage of the miniature detector: a second look at each object the first found.

  models/README.md has the three commands that made the shipped file (a fallen net, a
  second-model net, one export of both stages with train.py's weights).
  /usr/bin/python3 models/train/fall_classifier.py --smoke DIR --detector W.pt --out X.onnx   # the tests

The detector (train.py) finds every model and says, from its own small head, how likely each is
fallen. This network looks again at one object at a time: a PATCH x PATCH square of the same
9-channel table map (train.py's input, 4 mm cells) around the object's point, so it sees where
the mass lies around the base (a standing figure's body falls outward from the nadir, a fallen one
lies flat in any direction, its base on edge at one end). It answers two things: whether that
object is fallen (`fallen`, [N, 1]), and whether a second model's point lies within SECOND_CELLS
(bases in contact, which the first stage often sees as one peak) and where (`second`, [N, 3]).

Training squares lie on every model's true point, moved up to JITTER cells (the first stage's
peaks are some mm off), turned and mirrored eight ways (the nadir-direction channels turn with
them), with and without the empty table. With --on-peaks also on every peak the first stage
finds on the training tables (the places the second stage is asked about at run time, phantoms
included); on validation that found fewer falls, so the shipped model was trained without.
Seeded; CPU only; Debian's python3-torch 1.13.

With --detector, the file exported holds both stages, one graph each: `map` -> `heat` (train.py's
network, those weights) and `patch` -> `fallen`, `second` (this one).
src/vision/learned/learned-detector.ts runs the first, cuts the squares around its peaks
(fall-patches.ts) and runs the second (second-stage.ts).
"""
import argparse
import math
import os
import random
import sys
import time

import numpy as np
import torch
import torch.nn as nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from onnx_weights import freeze_batchnorm, load_part  # noqa: E402
from train import CHANNELS, balanced_bce, balanced_bce_each, load, load_detector, timed_steps, turn_square  # noqa: E402

PATCH = 24
# Squares on a model's true point are moved up to this many cells when trained on (the first
# stage's peaks are some mm off); squares on its peaks one cell.
JITTER = 3
# A second model's point this close to the square's middle (cells) is the second head's to find.
SECOND_CELLS = 10
# The object at the square's middle is the model nearest it within this many cells: the centre
# head says where it lies (the first stage's peak can sit between two bases in contact, or to one
# side of a vehicle).
CENTRE_CELLS = 6
# A square is on a model when one's point lies this close to its middle (the bench's matching
# radius for a standing model, 30 mm): the centre head's chance says so, so a phantom can be told.
HERE_CELLS = 7.5
# With --here-pairs, a square whose two nearest models both lie within SECOND_CELLS of its middle
# is "on a model" too: the first stage's peak between two touching bases lies on neither.
HERE_PAIRS = False


def block(c_in, c_out, k=3, stride=1, groups=1):
    pad = (k - 1) // 2 if stride == 1 else 0
    return nn.Sequential(nn.Conv2d(c_in, c_out, k, stride=stride, padding=pad, groups=groups, bias=False), nn.BatchNorm2d(c_out), nn.ReLU(inplace=True))


class FallClassifier(nn.Module):
    """Outputs: the chance that the object at the square's middle is fallen, [N, 1]; with
    second=True also whether a second model's point lies within SECOND_CELLS of the middle (bases
    in contact, which the detector often sees as one) and where, [N, 3]: chance, then x and y from
    the middle in SECOND_CELLS. The shipped file takes `fallen` from a net trained without the
    second head (it found more falls on validation) and `second` from one trained with it."""

    def __init__(self, second=True, centre=False):
        super().__init__()
        self.f = nn.Sequential(
            block(CHANNELS, 12),            # 24 x 24
            block(12, 32, k=2, stride=2),   # 12 x 12
            block(32, 32, groups=32), block(32, 32, k=1),
            block(32, 48, k=2, stride=2),   # 6 x 6
            block(48, 48, groups=48), block(48, 48, k=1),
            block(48, 64, k=2, stride=2),   # 3 x 3: where the mass lies around the centre is kept
        )
        self.has_second = second
        if second:
            self.trunk = nn.Sequential(nn.Flatten(), nn.Linear(64 * 9, 64), nn.ReLU(inplace=True))
            self.fallen = nn.Linear(64, 1)
            self.second = nn.Linear(64, 3)
            self.has_centre = centre
            if centre:
                self.centre = nn.Linear(64, 3)
        else:
            self.has_centre = False
            self.fc = nn.Sequential(nn.Flatten(), nn.Linear(64 * 9, 48), nn.ReLU(inplace=True), nn.Linear(48, 1))

    def forward(self, x):
        if not self.has_second:
            return torch.sigmoid(self.fc(self.f(x))), None
        h = self.trunk(self.f(x))
        s = self.second(h)
        parts = [torch.sigmoid(s[:, :1]), s[:, 1:]]
        if self.has_centre:
            c = self.centre(h)
            parts += [torch.sigmoid(c[:, :1]), c[:, 1:]]
        return torch.sigmoid(self.fallen(h)), torch.cat(parts, 1)


def cut(x, meta, x_mm, y_mm, margin):
    """The square (PATCH + 2 margin cells a side, unseen = 0) around a point, and the points of the
    models near it in the square's cells (x, y)."""
    size = PATCH + 2 * margin
    C, R, Cc = x.shape
    mpc = meta['mm_per_cell']
    r0 = int(y_mm / mpc) - size // 2
    c0 = int(x_mm / mpc) - size // 2
    rr0, cc0 = max(0, r0), max(0, c0)
    rr1, cc1 = min(R, r0 + size), min(Cc, c0 + size)
    if rr1 <= rr0 or cc1 <= cc0:
        return None
    p = np.zeros((C, size, size), np.float16)
    p[:, rr0 - r0:rr1 - r0, cc0 - c0:cc1 - c0] = x[:, rr0:rr1, cc0:cc1]
    near = [(o['x_mm'] / mpc - c0, o['y_mm'] / mpc - r0) for o in meta['models'] if math.hypot(o['x_mm'] - x_mm, o['y_mm'] - y_mm) < size * mpc]
    return p, np.array(near, np.float32).reshape(-1, 2)


class Samples:
    """Training squares: stored patch, fallen label, near models' points, how far it may be moved,
    and whether it keeps the empty table (None: either, chosen per view)."""

    def __init__(self):
        self.xs, self.ys, self.near, self.jitter, self.bg = [], [], [], [], []

    def add(self, got, fallen, jitter, bg):
        if got is None:
            return
        p, near = got
        if bg is False:
            p[5:9] = 0
        self.xs.append(p)
        self.ys.append(1.0 if fallen else 0.0)
        self.near.append(near)
        self.jitter.append(jitter)
        self.bg.append(bg)

    def labels(self):
        return np.array(self.ys, np.float32)


def at_models(items, margin, out=None):
    """A square on every model's true point (moved up to margin cells when trained on)."""
    out = out or Samples()
    for x, meta in items:
        for m in meta['models']:
            out.add(cut(x, meta, m['x_mm'], m['y_mm'], margin), m['fallen'], margin, None)
    return out


def first_stage_peaks(det, x, threshold):
    """The first stage's heat peaks on one table (decode-heat.ts's rule: a cell at least as hot as
    its 8 neighbours, placed at the vertex of the log heat), in table mm."""
    C, R, Cc = x.shape
    r8, c8 = -(-R // 8) * 8, -(-Cc // 8) * 8
    xp = np.zeros((C, r8, c8), np.float32)
    xp[:, :R, :Cc] = x
    with torch.no_grad():
        h = det(torch.from_numpy(xp)[None])[0, 0]
        mx = torch.nn.functional.max_pool2d(h[None, None], 3, 1, 1)[0, 0]
    h = h.numpy()
    peaks = np.argwhere((h >= mx.numpy()) & (h >= threshold))
    lh = np.log(np.maximum(1e-6, np.pad(h, 1, mode='edge')))
    out = []
    for r, c in peaks:
        m = lh[r + 1, c + 1]

        def vertex(a, b):
            d = a - 2 * m + b
            return max(-0.5, min(0.5, 0.5 * (a - b) / d)) if d < -1e-9 else 0.0
        out.append((c + 0.5 + vertex(lh[r + 1, c], lh[r + 1, c + 2]), r + 0.5 + vertex(lh[r, c + 1], lh[r + 2, c + 1])))
    return out


def at_peaks(items, det, margin, threshold=0.3, out=None):
    """A square on every first-stage peak, with and without the empty table: where the second
    stage will be asked at run time. Its label is the nearest model's within the matching radius
    (bench/heldout-eval.ts: 30 mm, 45 mm for a fall); a phantom is not fallen."""
    out = out or Samples()
    det.eval()
    for x, meta in items:
        cell = meta['mm_per_cell'] * det.stride
        for bg in (True, False):
            xf = x.astype(np.float32)
            if not bg:
                xf[5:9] = 0
            for (u, v) in first_stage_peaks(det, xf, threshold):
                px, py = u * cell, v * cell
                best, fallen = 1e9, False
                for m in meta['models']:
                    d = math.hypot(m['x_mm'] - px, m['y_mm'] - py)
                    if d <= (45 if m['fallen'] else 30) and d < best:
                        best, fallen = d, m['fallen']
                out.add(cut(x, meta, px, py, margin), fallen, 1, bg)
    return out


def second_target(pts):
    """The second model nearest the square's middle, within SECOND_CELLS: (1, dx, dy) or (0, 0, 0);
    then the first, whichever model lies nearest the middle, within CENTRE_CELLS: (1, dx, dy) or
    (0, 0, 0); then 1 when the first lies within HERE_CELLS. Places in SECOND_CELLS from the middle."""
    mid = PATCH / 2 + 0.5
    out = np.zeros(7, np.float32)
    d = np.hypot(pts[:, 0] - mid, pts[:, 1] - mid)
    order = np.argsort(d, kind='stable')
    if len(order) >= 1 and d[order[0]] < CENTRE_CELLS:
        k = order[0]
        out[3:6] = [1.0, (pts[k, 0] - mid) / SECOND_CELLS, (pts[k, 1] - mid) / SECOND_CELLS]
    if len(order) >= 1 and d[order[0]] < HERE_CELLS:
        out[6] = 1.0
    if len(order) >= 2 and d[order[1]] < SECOND_CELLS:
        if HERE_PAIRS:
            out[6] = 1.0
        k = order[1]
        out[0:3] = [1.0, (pts[k, 0] - mid) / SECOND_CELLS, (pts[k, 1] - mid) / SECOND_CELLS]
    return out


def augment(p, pts, rng, jitter, bg):
    """One training view of a stored patch: moved, turned, mirrored, maybe without the empty
    table; pts (the near models' points in the stored square's cells) follow it."""
    dr = rng.randrange(-jitter, jitter + 1) if jitter else 0
    dc = rng.randrange(-jitter, jitter + 1) if jitter else 0
    m = (p.shape[1] - PATCH) // 2
    x = p[:, m + dr:m + dr + PATCH, m + dc:m + dc + PATCH].astype(np.float32)
    q = pts - np.array([m + dc, m + dr], np.float32)
    x, (mx, my, tr) = turn_square(x, rng)
    if mx:
        q = np.stack([PATCH - q[:, 0], q[:, 1]], 1)
    if my:
        q = np.stack([q[:, 0], PATCH - q[:, 1]], 1)
    if tr:
        q = q[:, ::-1]
    if bg is None and rng.random() < 0.5:
        x[5:9] = 0
    for ch in range(3):
        x[ch] = x[ch] * np.float32(rng.uniform(0.85, 1.15)) + np.float32(rng.gauss(0, 0.05))
    return x, second_target(np.ascontiguousarray(q))


def hardest_half(model, idx, views, ys, share, batch, folded):
    """Of a pool of views (drawn at random), half a batch at random and the half the net now
    answers worst on the fallen chance (balanced cross-entropy, no gradient): --hard's batch."""
    model.eval()
    with torch.no_grad():
        f = model(torch.from_numpy(np.stack([v[0] for v in views])))[0][:, 0]
        loss = balanced_bce_each(f, torch.from_numpy(ys[idx]), share)
    model.train()
    if folded:
        freeze_batchnorm(model)
    plain = batch // 2
    rest = torch.argsort(loss[plain:], descending=True)[:batch - plain] + plain
    keep = list(range(plain)) + rest.tolist()
    return [idx[k] for k in keep], [views[k] for k in keep]


def centre(p):
    m = (p.shape[1] - PATCH) // 2
    return p[:, m:m + PATCH, m:m + PATCH].astype(np.float32)


def evaluate(model, xs, ys, near):
    """Falls found at 1, 2 and 5 % of standing called fallen and the AUC; seconds found and false
    at a chance of 0.5, with their median place error (cells); with and without the empty table."""
    model.eval()
    out = {}
    sec = np.stack([second_target(q) for q in near])
    with torch.no_grad():
        for bg in (True, False):
            x = np.stack([centre(p) for p in xs])
            if not bg:
                x[:, 5:9] = 0
            f, s2 = model(torch.from_numpy(x))
            s = f.numpy()[:, 0]
            pos, neg = s[ys == 1], s[ys == 0]
            auc = float((pos[:, None] > neg[None, :]).mean() + 0.5 * (pos[:, None] == neg[None, :]).mean())
            found = {q: round(float((pos > np.quantile(neg, 1 - q)).mean()), 3) for q in (0.01, 0.02, 0.05)}
            if s2 is None:
                out['bg' if bg else 'no-bg'] = {'auc': round(auc, 4), 'found': found}
                continue
            s2 = s2.numpy()
            has = sec[:, 0] == 1
            hit = s2[:, 0] >= 0.5
            err = np.hypot(s2[has & hit, 1] - sec[has & hit, 1], s2[has & hit, 2] - sec[has & hit, 2]) * SECOND_CELLS
            out['bg' if bg else 'no-bg'] = {'auc': round(auc, 4), 'found': found, 'seconds': int(has.sum()), 'found2': int((has & hit).sum()), 'false2': int((~has & hit).sum()), 'err2': round(float(np.median(err)) if err.size else -1, 2)}
            if s2.shape[1] == 6:
                # Validation squares sit on the true points: the centre head should say "here".
                c = sec[:, 3] == 1
                e = np.hypot(s2[c, 4] - sec[c, 4], s2[c, 5] - sec[c, 5]) * SECOND_CELLS
                out['bg' if bg else 'no-bg']['here_below_0.5'] = round(float((s2[:, 3] < 0.5).mean()), 3)
                out['bg' if bg else 'no-bg']['centre_p90_cells'] = round(float(np.quantile(e, 0.9)) if e.size else -1, 2)
    return out


class TwoStage(nn.Module):
    def __init__(self, detector, classifier, second_net):
        super().__init__()
        self.detector = detector
        self.classifier = classifier
        self.second_net = second_net

    def forward(self, map, patch):
        s2 = self.second_net(patch)[1]
        if self.second_net.has_centre:
            return self.detector(map), self.classifier(patch)[0], s2[:, :3], s2[:, 3:6]
        return self.detector(map), self.classifier(patch)[0], s2


def export(model, path, detector_pt=None, second_net=None):
    """OUT: `patch` -> `fallen` (and `second`) alone, or with detector_pt both stages in one file:
    `map` -> `heat`, `patch` -> `fallen`, `second` (the second from second_net when given)."""
    model.eval()
    p = torch.zeros(2, CHANNELS, PATCH, PATCH)
    second_net = second_net or (model if model.has_second else None)
    if detector_pt is None:
        if model.has_centre:
            sys.exit('a net with the centre head is exported with --detector (its output is split in two)')
        names = ['fallen', 'second'] if model.has_second else ['fallen']
        torch.onnx.export(model, p, path, opset_version=13, input_names=['patch'], output_names=names,
                          dynamic_axes={'patch': {0: 'n'}, **{k: {0: 'n'} for k in names}})
        return
    if second_net is None:
        sys.exit('the combined file needs a second head: train with it, or give --second-net')
    det = load_detector(detector_pt)[0]
    both = TwoStage(det, model, second_net.eval()).eval()
    x = torch.zeros(1, CHANNELS, 304, 456)
    names = ['heat', 'fallen', 'second'] + (['centre'] if second_net.has_centre else [])
    torch.onnx.export(both, (x, p), path, opset_version=13, input_names=['map', 'patch'], output_names=names,
                      dynamic_axes={'map': {2: 'rows', 3: 'cols'}, 'heat': {2: 'out_rows', 3: 'out_cols'}, 'patch': {0: 'n'}, **{k: {0: 'n'} for k in names[1:]}})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', default='models/train/data')
    ap.add_argument('--val', help='stored tables of fresh seeds: scores printed as it trains')
    ap.add_argument('--out', default='models/train/runs/second-stage.onnx')
    ap.add_argument('--minutes', type=float, default=20)
    ap.add_argument('--batch', type=int, default=128)
    ap.add_argument('--seed', type=int, default=21)
    ap.add_argument('--lr', type=float, default=3e-3)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--smoke', help='a few steps on this data directory, no export unless --out is given')
    ap.add_argument('--detector', help="train.py's weights (a .pt beside its export, or an .onnx holding map -> heat): OUT holds both stages")
    ap.add_argument('--resume', help='start from these classifier weights (with --minutes 0: only export); an .onnx gives its fallen net (--no-second) or its second-model net, BatchNorm frozen')
    ap.add_argument('--on-peaks', action='store_true', help="also train on squares at the first stage's peaks (tried: fewer falls found on validation)")
    ap.add_argument('--no-second', action='store_true', help='train the fallen head alone (the layout the shipped fallen chance comes from)')
    ap.add_argument('--second-net', help='weights of a net trained with the second head (a .pt, or an .onnx holding second and centre): the exported `second` comes from it')
    ap.add_argument('--jitter', type=int, default=JITTER, help='cells a square on a true point is moved by when trained on')
    ap.add_argument('--centre', action='store_true', help="add the centre head: where the object at the square's middle lies (with --resume, the head starts fresh)")
    ap.add_argument('--second-weight', type=float, default=1.0, help="weight of the second head's loss")
    ap.add_argument('--here-pairs', action='store_true', help='a square with two models within SECOND_CELLS of its middle is "here" too (the peak between touching bases)')
    ap.add_argument('--hard', type=float, default=1.0, help='each step draws this many times a batch of views; half the batch is drawn from them at random, half is the views the net now answers worst on the fallen chance (1: every view at random)')
    ap.add_argument('--only-centre', action='store_true', help='train the centre head alone, every other weight frozen (so the fallen and second heads answer as the resumed net did)')
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    random.seed(a.seed)
    np.random.seed(a.seed)
    torch.set_num_threads(a.threads)
    global HERE_PAIRS
    HERE_PAIRS = a.here_pairs
    items = load(a.smoke or a.data, 4 if a.smoke else None)
    if not items:
        sys.exit('no training data in %s' % (a.smoke or a.data))
    train = at_models(items, a.jitter)
    if a.on_peaks:
        if not a.detector:
            sys.exit('--on-peaks needs --detector (the first stage whose peaks to train on)')
        at_peaks(items, load_detector(a.detector)[0], a.jitter, out=train)
    del items
    xs, ys, near = train.xs, train.labels(), train.near
    vs = at_models(load(a.val), 0) if a.val else None
    val = (vs.xs, vs.labels(), vs.near) if vs else None
    if a.centre and a.no_second:
        sys.exit('--centre needs the second head (drop --no-second)')
    model = FallClassifier(second=not a.no_second, centre=a.centre)
    folded = bool(a.resume and a.resume.endswith('.onnx'))
    if folded:
        # The shipped file's fallen net (--no-second) or its second-model net, BatchNorm folded.
        try:
            load_part(model, a.resume, 'fallen' if a.no_second else 'second')
        except ValueError as e:
            sys.exit(str(e))
    elif a.resume:
        state = torch.load(a.resume)
        if a.centre and state.get('centre.weight') is not None and state['centre.weight'].shape[0] == 2:
            # A centre head without its "here" chance: the place rows are kept, the chance starts fresh.
            fresh = FallClassifier(second=True, centre=True).state_dict()
            for k in ('centre.weight', 'centre.bias'):
                fresh[k][1:] = state[k]
                state[k] = fresh[k]
        # Weights without the centre head start it fresh; any other mismatch is an error.
        missing, unexpected = model.load_state_dict(state, strict=False)
        if unexpected or any(not k.startswith('centre.') for k in missing):
            sys.exit('%s: not weights of this net (missing %s, unexpected %s)' % (a.resume, missing, unexpected))
    print('%d squares (%d fallen, %d with a second model near, %d on first-stage peaks), %d parameters' % (len(ys), int(ys.sum()), sum(second_target(q - (p.shape[1] - PATCH) // 2)[0] for q, p in zip(near, xs)), sum(b is not None for b in train.bg), sum(p.numel() for p in model.parameters())), flush=True)
    if a.only_centre:
        if not model.has_centre:
            sys.exit('--only-centre needs --centre')
        for k, v in model.named_parameters():
            v.requires_grad_(k.startswith('centre.'))
    opt = torch.optim.AdamW([v for v in model.parameters() if v.requires_grad], lr=a.lr, weight_decay=1e-4)
    rng = random.Random(a.seed)
    t0 = time.time()
    step = 0
    hist = []
    last_eval = time.time()
    share = float(ys.mean())
    for _ in timed_steps(opt, a.lr, a.minutes, bool(a.smoke)):
        model.train()
        if folded:
            freeze_batchnorm(model)
        batch = a.batch if not a.smoke else 4
        idx = [rng.randrange(len(ys)) for _ in range(max(batch, round(a.hard * batch)))]
        views = [augment(xs[i], near[i], rng, train.jitter[i], train.bg[i]) for i in idx]
        if len(idx) > batch:
            idx, views = hardest_half(model, idx, views, ys, share, batch, folded)
        x = torch.from_numpy(np.stack([v[0] for v in views]))
        t2 = torch.from_numpy(np.stack([v[1] for v in views]))
        y = torch.from_numpy(ys[idx])[:, None]
        f, s2 = model(x)
        loss_f = balanced_bce(f, y, share)
        loss_s = loss_o = loss_c = torch.zeros(())
        if s2 is not None:
            q = s2[:, 0].clamp(1e-4, 1 - 1e-4)
            has = t2[:, 0]
            loss_s = -(has * torch.log(q) + (1 - has) * torch.log(1 - q)).mean()
            loss_o = (torch.abs(s2[:, 1:3] - t2[:, 1:3]).sum(1) * has).sum() / has.sum().clamp(min=1)
            if model.has_centre:
                hc = t2[:, 3]
                loss_c = (torch.abs(s2[:, 4:6] - t2[:, 4:6]).sum(1) * hc).sum() / hc.sum().clamp(min=1)
                here = s2[:, 3].clamp(1e-4, 1 - 1e-4)
                loss_c = loss_c - (t2[:, 6] * torch.log(here) + (1 - t2[:, 6]) * torch.log(1 - here)).mean()
        loss = loss_f + a.second_weight * (loss_s + loss_o) + loss_c
        opt.zero_grad()
        loss.backward()
        opt.step()
        hist.append((loss_f.item(), loss_s.item(), loss_o.item(), loss_c.item()))
        step += 1
        if step % 100 == 0 or a.smoke:
            k = hist[-100:]
            print('step %d  %.0f s  fallen %.4f  second %.4f  where %.4f  centre %.4f' % (step, time.time() - t0, *[np.mean([v[j] for v in k]) for j in range(4)]), flush=True)
        if val is not None and time.time() - last_eval > 120:
            last_eval = time.time()
            print('  val', evaluate(model, *val), flush=True)
    if hist and not all(math.isfinite(v) for v in hist[-1]):
        sys.exit('training diverged')
    if val is not None:
        print('val', evaluate(model, *val), flush=True)
    if a.smoke and a.out == ap.get_default('out'):
        return
    second_net = None
    if a.second_net and a.second_net.endswith('.onnx'):
        second_net = FallClassifier(second=True, centre=True)
        try:
            load_part(second_net, a.second_net, 'second')
        except ValueError as e:
            sys.exit(str(e))
    elif a.second_net:
        state = torch.load(a.second_net)
        second_net = FallClassifier(second=True, centre='centre.weight' in state)
        second_net.load_state_dict(state)
    export(model, a.out, a.detector, second_net)
    if not a.smoke:
        # Saved unfolded from a folded start too: the frozen BatchNorms hold the folded values.
        torch.save(model.state_dict(), a.out + '.fall.pt')
    print('exported %s (%d bytes) after %d steps' % (a.out, os.path.getsize(a.out), step))


if __name__ == '__main__':
    main()
