#!/usr/bin/python3
"""Trains the learned miniature and fall detector (issue 9) and exports it to ONNX.

  nice -n 19 /usr/bin/python3 models/train/train.py --data models/train/data --minutes 25 \
      --out models/miniature-detector.onnx
  /usr/bin/python3 models/train/train.py --smoke DIR      # a few steps on DIR, for the tests

Input: the tensors models/train/make-dataset.ts writes (the table map of
src/vision/learned/table-map.ts, 4 mm cells). Output, CenterNet-style at a quarter of the map's
resolution (16 mm cells): one heat map for every model (standing base centre or fallen footprint
middle), the chance that the model at a cell is fallen (a classifier read at the heat peak, so a
fall never competes with a standing peak for its place), and each peak's offset inside its cell.
Seeded; CPU only; Debian's python3-torch 1.13.
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
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from onnx_weights import freeze_batchnorm  # noqa: E402

CHANNELS = 9
# Output cells are STRIDE map cells: 16 mm for the coarse head, 8 mm for the fine one (--fine).
STRIDE = 4
FINE_STRIDE = 2
# Gaussian heat targets on the object map (mm; 0.55 and 0.8 of a 16 mm cell).
SIGMA_STANDING_MM = 8.8
SIGMA_FALLEN_MM = 12.8
# Cells this close (mm) to a model's point learn whether it is fallen.
FALLEN_RADIUS_MM = 25.6


def dwsep(c_in, c_out, dil=1):
    return nn.Sequential(
        nn.Conv2d(c_in, c_in, 3, padding=dil, dilation=dil, groups=c_in, bias=False), nn.BatchNorm2d(c_in), nn.ReLU(inplace=True),
        nn.Conv2d(c_in, c_out, 1, bias=False), nn.BatchNorm2d(c_out), nn.ReLU(inplace=True))


def down(c_in, c_out):
    """2 x 2 stride-2 convolution: halves the map, sees every cell once."""
    return nn.Sequential(nn.Conv2d(c_in, c_out, 2, stride=2, bias=False), nn.BatchNorm2d(c_out), nn.ReLU(inplace=True))


class Detector(nn.Module):
    """Output [N, 4, H/s, W/s]: object heat (standing base centre or fallen footprint middle),
    the chance that the object there is fallen, and the point's x, y inside its cell. The coarse
    head answers at s = 4 map cells (16 mm); the fine one (fine=True) takes the 16 mm answer up
    once more onto the first layer's 8 mm features and answers at s = 2, so that two bases in
    contact (25 mm apart: neighbouring 16 mm cells, one 3 x 3 peak) are two peaks."""

    def __init__(self, c1=16, c2=32, c3=64, fine=False):
        super().__init__()
        self.fine = fine
        self.stride = FINE_STRIDE if fine else STRIDE
        self.e1 = down(CHANNELS, c1)
        self.e2 = nn.Sequential(down(c1, c2), dwsep(c2, c2))
        self.e3 = nn.Sequential(down(c2, c3), dwsep(c3, c3, dil=2), dwsep(c3, c3, dil=4), dwsep(c3, c3))
        self.proj = nn.Sequential(nn.Conv2d(c3, c2, 1, bias=False), nn.BatchNorm2d(c2))
        self.fuse = dwsep(c2, c2)
        # Registered in the order they run: onnx_weights.py pairs the file's convolutions with them so.
        if fine:
            self.proj2 = nn.Sequential(nn.Conv2d(c2, c1, 1, bias=False), nn.BatchNorm2d(c1))
            self.fuse2 = dwsep(c1, 24)
        self.head = nn.Conv2d(24 if fine else c2, 4, 1)
        nn.init.constant_(self.head.bias[0], -4.0)
        nn.init.zeros_(self.head.bias[1:])

    def forward(self, x):
        a1 = self.e1(x)
        a = self.e2(a1)
        b = F.interpolate(self.proj(self.e3(a)), scale_factor=2.0, mode='nearest')
        f = self.fuse(F.relu(a + b))
        if self.fine:
            f = self.fuse2(F.relu(a1 + F.interpolate(self.proj2(f), scale_factor=2.0, mode='nearest')))
        return torch.sigmoid(self.head(f))

    def new_layers(self):
        """The fine head's own layers (trained from scratch when the rest comes from a coarse model)."""
        return [self.proj2, self.fuse2, self.head] if self.fine else []


def read_item(jp):
    meta = json.load(open(jp))
    bp = jp[:-5] + '.bin'
    if not os.path.exists(bp):
        return None
    x = np.fromfile(bp, dtype=np.float32)
    if x.size != meta['channels'] * meta['rows'] * meta['cols']:
        return None
    return (x.reshape(meta['channels'], meta['rows'], meta['cols']).astype(np.float16), meta)


def load(data_dir, limit=None, skip=()):
    """The stored tables of one directory, or of several joined by commas."""
    items = []
    # A directory may also hold the fine fallen net's squares (make-fine.js): NAME.fine.json is not a table map.
    files = sorted(f for d in data_dir.split(',') for f in glob.glob(os.path.join(d, '*.json')) if not f.endswith('.fine.json'))
    for jp in files[:limit]:
        if os.path.basename(jp) in skip:
            continue
        it = read_item(jp)
        if it is not None:
            it[1]['file'] = os.path.basename(jp)
            items.append(it)
    return items


def targets(models, rows, cols, stride=STRIDE, mm_per_cell=4.0):
    """Object heat, fallen label and its mask, offsets and their mask for a crop whose models are in crop cells (map cells)."""
    oh, ow = rows // stride, cols // stride
    cell_mm = mm_per_cell * stride
    fallen_radius = FALLEN_RADIUS_MM / cell_mm
    heat = np.zeros((oh, ow), np.float32)
    fall = np.zeros((oh, ow), np.float32)
    fmask = np.zeros((oh, ow), np.float32)
    fdist = np.full((oh, ow), 1e9, np.float32)
    off = np.zeros((2, oh, ow), np.float32)
    mask = np.zeros((oh, ow), np.float32)
    yy, xx = np.mgrid[0:oh, 0:ow]
    for (cx, cy, fallen) in models:
        gx, gy = cx / stride, cy / stride
        ix, iy = int(math.floor(gx)), int(math.floor(gy))
        if not (-4 <= ix < ow + 4 and -4 <= iy < oh + 4):
            continue
        sigma = (SIGMA_FALLEN_MM if fallen else SIGMA_STANDING_MM) / cell_mm
        d2 = (xx + 0.5 - gx) ** 2 + (yy + 0.5 - gy) ** 2
        heat = np.maximum(heat, np.exp(-d2 / (2 * sigma * sigma)))
        near = (d2 <= fallen_radius ** 2) & (d2 < fdist)
        fall[near] = 1.0 if fallen else 0.0
        fmask[near] = 1.0
        fdist[near] = d2[near]
        if 0 <= ix < ow and 0 <= iy < oh:
            heat[iy, ix] = 1.0
            off[0, iy, ix] = gx - ix
            off[1, iy, ix] = gy - iy
            mask[iy, ix] = 1.0
    return heat, fall, fmask, off, mask


def crop_weights(meta, focus, touch_focus=0.0, trait_focus=0.0):
    """How often a crop is centred on each model: with focus > 0, fallen models and standing
    figures far from the camera's nadir (the lean that reads as a fall) more often than the rest;
    with touch_focus > 0 also vehicles and models whose bases touch another's (the models most
    often missed); with trait_focus > 0 also figures painted near-black or in the mat's colour (the
    models most often missed without the empty table)."""
    w = []
    cam = meta.get('camera_mm')
    ms = meta['models']
    for i, m in enumerate(ms):
        trait = trait_focus if trait_focus > 0 and ('dark' in m.get('traits', ()) or 'mat' in m.get('traits', ())) else 0.0
        if focus <= 0 or cam is None:
            w.append(1.0 + trait)
            continue
        if m['fallen']:
            v = 1.0 + focus
        elif m['kind'] in ('humanoid', 'monster'):
            tilt = math.hypot(m['x_mm'] - cam[0], m['y_mm'] - cam[1]) / cam[2]
            v = 1.0 + 2.5 * focus * tilt
        elif m['kind'] == 'vehicle':
            v = 1.0 + focus * touch_focus
        else:
            v = 1.0
        # Bases in contact: the second model of a pair is the one most often lost.
        if touch_focus > 0 and any(j != i and math.hypot(o['x_mm'] - m['x_mm'], o['y_mm'] - m['y_mm']) < (o['base_mm'] + m['base_mm']) / 2 + 4 for j, o in enumerate(ms)):
            v += focus * touch_focus
        w.append(v + trait)
    return w


def pick(meta, rng, focus, touch_focus=0.0, trait_focus=0.0):
    key = ('_w', focus, touch_focus, trait_focus)
    if key not in meta:
        meta[key] = crop_weights(meta, focus, touch_focus, trait_focus)
    return rng.choices(range(len(meta['models'])), weights=meta[key])[0]


def batch(items, rng, n, crop, focus=0.0, touch_focus=0.0, stride=STRIDE, trait_focus=0.0, no_background=0.5):
    xs, ts = [], []
    for _ in range(n):
        x, meta = items[rng.randrange(len(items))]
        C, R, Cc = x.shape
        mpc = meta['mm_per_cell']
        ms = meta['models']
        # Most crops hold a model near their middle (a bare table teaches little), some anywhere.
        if ms and rng.random() < 0.75:
            m = ms[pick(meta, rng, focus, touch_focus, trait_focus) if focus > 0 or trait_focus > 0 else rng.randrange(len(ms))]
            r0 = int(m['y_mm'] / mpc) - crop // 2 + rng.randrange(-crop // 3, crop // 3 + 1)
            c0 = int(m['x_mm'] / mpc) - crop // 2 + rng.randrange(-crop // 3, crop // 3 + 1)
        else:
            r0 = rng.randrange(0, R - crop + 1)
            c0 = rng.randrange(0, Cc - crop + 1)
        r0 = max(0, min(R - crop, r0 // stride * stride))
        c0 = max(0, min(Cc - crop, c0 // stride * stride))
        xa = x[:, r0:r0 + crop, c0:c0 + crop].astype(np.float32)
        pts = [(m['x_mm'] / mpc - c0, m['y_mm'] / mpc - r0, bool(m['fallen'])) for m in ms]
        # The eight turns and mirrors of the square; the nadir-direction channels turn with it.
        if rng.random() < 0.5:
            xa = xa[:, :, ::-1]
            xa[3] = -xa[3]
            pts = [(crop - px, py, f) for px, py, f in pts]
        if rng.random() < 0.5:
            xa = xa[:, ::-1, :]
            xa[4] = -xa[4]
            pts = [(px, crop - py, f) for px, py, f in pts]
        if rng.random() < 0.5:
            xa = xa.transpose(0, 2, 1)[[0, 1, 2, 4, 3, 5, 6, 7, 8]]
            pts = [(py, px, f) for px, py, f in pts]
        xa = np.ascontiguousarray(xa)
        if rng.random() < no_background:
            xa[5:9] = 0  # no empty-table frame: the common case mid-game
        # Colour drift and contrast the median normalisation does not remove.
        for ch in range(3):
            xa[ch] = xa[ch] * np.float32(rng.uniform(0.85, 1.15)) + np.float32(rng.gauss(0, 0.05))
        xs.append(xa)
        ts.append(targets(pts, crop, crop, stride, mpc))
    t = [torch.from_numpy(np.stack([v[k] for v in ts])) for k in range(5)]
    return torch.from_numpy(np.stack(xs)), t


def set_cosine_lr(opt, lr, frac):
    """The learning rate at this fraction of the run: cosine from lr (times the group's own
    'scale', if it has one) down to 1e-5."""
    for g in opt.param_groups:
        g['lr'] = lr * g.get('scale', 1.0) * (0.5 * (1 + math.cos(math.pi * frac))) + 1e-5


def timed_steps(opt, lr, minutes, smoke=False):
    """The second stage's trainers' loop: step numbers until the clock runs out (three for a smoke
    run), the cosine rate set for each."""
    t0 = time.time()
    budget = minutes * 60
    step = 0
    while True:
        el = time.time() - t0
        if (smoke and step >= 3) or (not smoke and el >= budget):
            return
        set_cosine_lr(opt, lr, min(1.0, el / budget) if budget > 0 else 1.0)
        yield step
        step += 1


def balanced_bce_each(p, y, share_positive):
    """Each sample's binary cross-entropy, weighted so that each class weighs half of a batch's
    loss, whatever its share of the data (falls are about a third of the objects)."""
    w_pos = 0.5 / max(1e-6, share_positive)
    w_neg = 0.5 / max(1e-6, 1 - share_positive)
    p = p.clamp(1e-4, 1 - 1e-4)
    return -(w_pos * y * torch.log(p) + w_neg * (1 - y) * torch.log(1 - p))


def balanced_bce(p, y, share_positive):
    """The batch's loss: the mean of balanced_bce_each."""
    return balanced_bce_each(p, y, share_positive).mean()


def turn_square(x, rng):
    """One of the eight turns and mirrors of a [9, S, S] square, chosen at random, with the ray's
    tilt (channels 3, 4) turned with it; returns the square and (mirrored columns, mirrored rows,
    transposed) so points in it can follow."""
    mx, my, tr = rng.random() < 0.5, rng.random() < 0.5, rng.random() < 0.5
    if mx:
        x = x[:, :, ::-1]
        x[3] = -x[3]
    if my:
        x = x[:, ::-1, :]
        x[4] = -x[4]
    if tr:
        x = x.transpose(0, 2, 1)[[0, 1, 2, 4, 3, 5, 6, 7, 8]]
    return np.ascontiguousarray(x), (mx, my, tr)


def focal_loss(pred, gt):
    pred = pred.clamp(1e-4, 1 - 1e-4)
    pos = gt.eq(1).float()
    neg = 1 - pos
    pos_l = torch.log(pred) * (1 - pred) ** 2 * pos
    neg_l = torch.log(1 - pred) * pred ** 2 * (1 - gt) ** 4 * neg
    n = pos.sum().clamp(min=1)
    return -(pos_l.sum() + neg_l.sum()) / n


def loss_fn(out, t, fallen_weight=1.0):
    heat, fall, fmask, off, mask = t
    lh = focal_loss(out[:, 0], heat)
    p = out[:, 1].clamp(1e-4, 1 - 1e-4)
    lf = (F.binary_cross_entropy(p, fall, reduction='none') * fmask).sum() / fmask.sum().clamp(min=1)
    lo = (torch.abs(out[:, 2:] - off) * mask[:, None]).sum() / mask.sum().clamp(min=1)
    return lh + fallen_weight * lf + 1.0 * lo, lh.item(), lf.item(), lo.item()


def load_detector(path, fine=None):
    """The first stage's weights: a .pt written beside an export, or the map -> heat part of an
    ONNX file (BatchNorm folded: see onnx_weights.py). fine=True from a coarse model keeps its
    trunk and starts the fine head fresh; None takes the file's own head. Returns (net, frozen):
    the modules whose BatchNorms hold folded values and must stay frozen while training."""
    if path.endswith('.onnx'):
        from onnx_weights import conv_count, load_part
        try:
            file_fine = conv_count(path, 'heat') > 15
            src = Detector(fine=file_fine)
            load_part(src, path, 'detector')
        except ValueError as e:
            sys.exit(str(e))
    else:
        state = torch.load(path)
        file_fine = 'proj2.0.weight' in state
        src = Detector(fine=file_fine)
        src.load_state_dict(state)
    folded = path.endswith('.onnx')
    if fine is None or bool(fine) == file_fine:
        return src, ([src] if folded else [])
    if not fine:
        sys.exit('%s: holds the fine (8 mm) head; a coarse net cannot start from it' % path)
    model = Detector(fine=True)
    trunk = {k: v for k, v in src.state_dict().items() if not k.startswith('head.')}
    model.load_state_dict(trunk, strict=False)
    return model, ([model.e1, model.e2, model.e3, model.proj, model.fuse] if folded else [])


def export(model, path, rows=304, cols=456):
    model.eval()
    x = torch.zeros(1, CHANNELS, rows, cols)
    torch.onnx.export(model, x, path, opset_version=13, input_names=['map'], output_names=['heat'],
                      dynamic_axes={'map': {2: 'rows', 3: 'cols'}, 'heat': {2: 'out_rows', 3: 'out_cols'}})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', default='models/train/data')
    ap.add_argument('--out', default='models/miniature-detector.onnx')
    ap.add_argument('--minutes', type=float, default=25)
    ap.add_argument('--steps', type=int, default=100000)
    ap.add_argument('--batch', type=int, default=12)
    ap.add_argument('--crop', type=int, default=96)
    ap.add_argument('--snapshot-minutes', type=float, default=0, help='also export OUT.stepN.onnx this often (to validate while it trains)')
    ap.add_argument('--seed', type=int, default=9)
    ap.add_argument('--lr', type=float, default=3e-3)
    ap.add_argument('--resume', help='start from these weights: a .pt written beside an export, or an exported .onnx (its BatchNorms stay frozen)')
    ap.add_argument('--fallen-weight', type=float, default=1.0, help='weight of the fallen-chance loss')
    ap.add_argument('--focus', type=float, default=0.0, help='crops centred on fallen models and leaning standing ones this much more often')
    ap.add_argument('--touch-focus', type=float, default=0.0, help='with --focus: vehicles and touching bases this much more often too')
    ap.add_argument('--trait-focus', type=float, default=0.0, help='crops centred on near-black and mat-coloured figures this much more often')
    ap.add_argument('--no-background', type=float, default=0.5, help='the share of crops whose empty-table channels are zeroed')
    ap.add_argument('--threads', type=int, default=2, help='1 on a machine whose cores are already busy')
    ap.add_argument('--fine', action='store_true', help='the fine head: heat at 8 mm cells (two bases in contact are two peaks); from a coarse --resume the trunk is kept and the head starts fresh')
    ap.add_argument('--trunk-lr-scale', type=float, default=0.3, help='with --fine from a coarse --resume: the trunk learns at this share of --lr')
    ap.add_argument('--smoke', help='a few steps on this data directory, no export unless --out is given')
    ap.add_argument('--random-export', action='store_true', help='export untrained weights (speed checks)')
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    random.seed(a.seed)
    np.random.seed(a.seed)
    torch.set_num_threads(a.threads)
    model, frozen = load_detector(a.resume, a.fine) if a.resume else (Detector(fine=a.fine), [])
    if a.random_export:
        export(model, a.out)
        print('exported untrained', a.out)
        return
    items = load(a.smoke or a.data, 4 if a.smoke else None)
    random.Random(a.seed).shuffle(items)
    if not items:
        sys.exit('no training data in %s' % (a.smoke or a.data))
    steps = 3 if a.smoke else a.steps
    print('%d tables, %d parameters' % (len(items), sum(p.numel() for p in model.parameters())), flush=True)
    # A fine head new on a trained trunk: the trunk learns at --trunk-lr-scale of the rate.
    fresh = {id(p) for m in model.new_layers() for p in m.parameters()} if frozen and a.fine else set()
    groups = [{'params': [p for p in model.parameters() if id(p) in fresh]}, {'params': [p for p in model.parameters() if id(p) not in fresh], 'scale': a.trunk_lr_scale}] if fresh else [{'params': list(model.parameters())}]
    opt = torch.optim.AdamW(groups, lr=a.lr, weight_decay=1e-4)
    rng = random.Random(a.seed)
    t0 = time.time()
    budget = a.minutes * 60
    step = 0
    hist = []
    last_snap = time.time()
    while step < steps:
        el = time.time() - t0
        if not a.smoke and el > budget:
            break
        set_cosine_lr(opt, a.lr, min(1.0, el / budget) if not a.smoke else 0)
        model.train()
        for m in frozen:
            freeze_batchnorm(m)
        x, t = batch(items, rng, a.batch if not a.smoke else 2, a.crop if not a.smoke else 64, a.focus, a.touch_focus, model.stride, a.trait_focus, a.no_background)
        out = model(x)
        loss, lh, lf, lo = loss_fn(out, t, a.fallen_weight)
        opt.zero_grad()
        loss.backward()
        opt.step()
        hist.append((lh, lf, lo))
        step += 1
        if not a.smoke and step % 100 == 0:
            # The dataset may still be growing (make-dataset.ts runs beside): take in new tables.
            known = {m['file'] for _, m in items}
            fresh = load(a.data, skip=known)
            items.extend(fresh)
            if fresh:
                print('%d tables now' % len(items), flush=True)
        if not a.smoke and a.snapshot_minutes and time.time() - last_snap > a.snapshot_minutes * 60:
            last_snap = time.time()
            export(model, '%s.step%d.onnx' % (a.out, step))
            model.train()
        if step % 50 == 0 or a.smoke:
            k = hist[-50:]
            print('step %d  %.0f s  heat %.3f  fallen %.3f  offset %.3f' % (step, time.time() - t0, np.mean([v[0] for v in k]), np.mean([v[1] for v in k]), np.mean([v[2] for v in k])), flush=True)
    if not math.isfinite(hist[-1][0]):
        sys.exit('training diverged')
    if a.smoke and a.out == ap.get_default('out'):
        return
    export(model, a.out)
    torch.save(model.state_dict(), a.out + '.pt')  # the weights fall_classifier.py --detector puts beside the second stage
    print('exported %s (%d bytes) after %d steps' % (a.out, os.path.getsize(a.out), step))


if __name__ == '__main__':
    main()
