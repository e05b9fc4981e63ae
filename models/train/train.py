#!/usr/bin/python3
"""Trains the learned miniature and fall detector (issue 9) and exports it to ONNX.

  nice -n 19 /usr/bin/python3 models/train/train.py --data models/train/data --minutes 25 \
      --out models/miniature-detector.onnx
  /usr/bin/python3 models/train/train.py --smoke DIR      # a few steps on DIR, for the tests

Input: the tensors models/train/make-dataset.ts writes (the table map of
src/vision/learned/table-map.ts). Output: CenterNet-style heat maps at a quarter of the map's
resolution (12 mm cells) for standing base centres and fallen footprint middles, plus each
peak's offset inside its cell. Seeded; CPU only; Debian's python3-torch 1.13.
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

STRIDE = 4
CHANNELS = 9


def dwsep(c_in, c_out, dil=1):
    return nn.Sequential(
        nn.Conv2d(c_in, c_in, 3, padding=dil, dilation=dil, groups=c_in, bias=False), nn.BatchNorm2d(c_in), nn.ReLU(inplace=True),
        nn.Conv2d(c_in, c_out, 1, bias=False), nn.BatchNorm2d(c_out), nn.ReLU(inplace=True))


def down(c_in, c_out):
    """2 x 2 stride-2 convolution: halves the map, sees every cell once."""
    return nn.Sequential(nn.Conv2d(c_in, c_out, 2, stride=2, bias=False), nn.BatchNorm2d(c_out), nn.ReLU(inplace=True))


class Detector(nn.Module):
    def __init__(self, c1=12, c2=32, c3=48):
        super().__init__()
        self.e1 = down(CHANNELS, c1)
        self.e2 = nn.Sequential(down(c1, c2), dwsep(c2, c2))
        self.e3 = nn.Sequential(down(c2, c3), dwsep(c3, c3, dil=2), dwsep(c3, c3))
        self.fuse = nn.Sequential(nn.Conv2d(c2 + c3, c2, 1, bias=False), nn.BatchNorm2d(c2), nn.ReLU(inplace=True), dwsep(c2, c2))
        self.head = nn.Conv2d(c2, 4, 1)
        nn.init.constant_(self.head.bias[:2], -4.0)
        nn.init.zeros_(self.head.bias[2:])

    def forward(self, x):
        a = self.e2(self.e1(x))
        b = self.e3(a)
        b = F.interpolate(b, scale_factor=2.0, mode='nearest')
        y = self.head(self.fuse(torch.cat([a, b], 1)))
        # Heat maps as probabilities, offsets inside the 12 mm cell in [0, 1].
        return torch.cat([torch.sigmoid(y[:, :2]), torch.sigmoid(y[:, 2:])], 1)


def load(data_dir, limit=None):
    items = []
    for jp in sorted(glob.glob(os.path.join(data_dir, '*.json')))[:limit]:
        meta = json.load(open(jp))
        bp = jp[:-5] + '.bin'
        if not os.path.exists(bp):
            continue
        x = np.fromfile(bp, dtype=np.float32)
        if x.size != meta['channels'] * meta['rows'] * meta['cols']:
            continue
        items.append((x.reshape(meta['channels'], meta['rows'], meta['cols']).astype(np.float16), meta))
    return items


def targets(meta, rows, cols, r0, c0, flip_x, flip_y, n_cols_full, n_rows_full):
    """Heat maps (2), offsets (2) and a mask of offset cells for a crop at (r0, c0) in map cells."""
    s = meta['mm_per_cell'] * STRIDE
    oh, ow = rows // STRIDE, cols // STRIDE
    heat = np.zeros((2, oh, ow), np.float32)
    off = np.zeros((2, oh, ow), np.float32)
    mask = np.zeros((oh, ow), np.float32)
    W = n_cols_full * meta['mm_per_cell']
    D = n_rows_full * meta['mm_per_cell']
    yy, xx = np.mgrid[0:oh, 0:ow]
    for m in meta['models']:
        x, y = m['x_mm'], m['y_mm']
        if flip_x:
            x = W - x
        if flip_y:
            y = D - y
        gx = x / s - c0 / STRIDE
        gy = y / s - r0 / STRIDE
        ix, iy = int(math.floor(gx)), int(math.floor(gy))
        ch = 1 if m['fallen'] else 0
        sigma = 1.6 if m['fallen'] else 0.9
        if -4 <= ix < ow + 4 and -4 <= iy < oh + 4:
            g = np.exp(-((xx + 0.5 - gx) ** 2 + (yy + 0.5 - gy) ** 2) / (2 * sigma * sigma))
            heat[ch] = np.maximum(heat[ch], g)
        if 0 <= ix < ow and 0 <= iy < oh:
            heat[ch, iy, ix] = 1.0
            off[0, iy, ix] = gx - ix
            off[1, iy, ix] = gy - iy
            mask[iy, ix] = 1.0
    return heat, off, mask


def batch(items, rng, n, crop):
    xs, hs, os_, ms = [], [], [], []
    for _ in range(n):
        x, meta = items[rng.randrange(len(items))]
        C, R, Cc = x.shape
        r0 = rng.randrange(0, (R - crop) // STRIDE + 1) * STRIDE
        c0 = rng.randrange(0, (Cc - crop) // STRIDE + 1) * STRIDE
        fx, fy = rng.random() < 0.5, rng.random() < 0.5
        xa = x.astype(np.float32)
        if fx:
            xa = xa[:, :, ::-1].copy()
            xa[3] = -xa[3]
        if fy:
            xa = xa[:, ::-1, :].copy()
            xa[4] = -xa[4]
        xa = xa[:, r0:r0 + crop, c0:c0 + crop].copy()
        if rng.random() < 0.5:
            xa[5:9] = 0  # no empty-table frame: the common case mid-game
        # Colour drift the median normalisation does not remove (a lamp's hue across the table).
        xa[0:3] += np.float32(rng.gauss(0, 0.05))
        h, o, m = targets(meta, crop, crop, r0, c0, fx, fy, Cc, R)
        xs.append(xa)
        hs.append(h)
        os_.append(o)
        ms.append(m)
    return torch.from_numpy(np.stack(xs)), torch.from_numpy(np.stack(hs)), torch.from_numpy(np.stack(os_)), torch.from_numpy(np.stack(ms))


def focal_loss(pred, gt):
    pred = pred.clamp(1e-4, 1 - 1e-4)
    pos = gt.eq(1).float()
    neg = 1 - pos
    pos_l = torch.log(pred) * (1 - pred) ** 2 * pos
    neg_l = torch.log(1 - pred) * pred ** 2 * (1 - gt) ** 4 * neg
    n = pos.sum().clamp(min=1)
    return -(pos_l.sum() + neg_l.sum()) / n


def loss_fn(out, heat, off, mask):
    lh = focal_loss(out[:, :2], heat)
    lo = (torch.abs(out[:, 2:] - off) * mask[:, None]).sum() / mask.sum().clamp(min=1)
    return lh + 2.0 * lo, lh.item(), lo.item()


def export(model, path, rows=400, cols=600):
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
    ap.add_argument('--batch', type=int, default=8)
    ap.add_argument('--crop', type=int, default=128)
    ap.add_argument('--seed', type=int, default=9)
    ap.add_argument('--lr', type=float, default=3e-3)
    ap.add_argument('--resume', help='start from these weights (a .pt written beside an export)')
    ap.add_argument('--threads', type=int, default=2, help='1 on a machine whose cores are already busy')
    ap.add_argument('--smoke', help='a few steps on this data directory, no export unless --out is given')
    ap.add_argument('--random-export', action='store_true', help='export untrained weights (speed checks)')
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    random.seed(a.seed)
    np.random.seed(a.seed)
    torch.set_num_threads(a.threads)
    model = Detector()
    if a.resume:
        model.load_state_dict(torch.load(a.resume))
    if a.random_export:
        export(model, a.out)
        print('exported untrained', a.out)
        return
    items = load(a.smoke or a.data, 4 if a.smoke else None)
    if not items:
        sys.exit('no training data in %s' % (a.smoke or a.data))
    steps = 3 if a.smoke else a.steps
    print('%d tables, %d parameters' % (len(items), sum(p.numel() for p in model.parameters())), flush=True)
    opt = torch.optim.AdamW(model.parameters(), lr=a.lr, weight_decay=1e-4)
    rng = random.Random(a.seed)
    t0 = time.time()
    budget = a.minutes * 60
    step = 0
    hist = []
    while step < steps:
        el = time.time() - t0
        if not a.smoke and el > budget:
            break
        frac = min(1.0, el / budget) if not a.smoke else 0
        for g in opt.param_groups:
            g['lr'] = a.lr * (0.5 * (1 + math.cos(math.pi * frac))) + 1e-5
        model.train()
        x, h, o, m = batch(items, rng, a.batch if not a.smoke else 2, a.crop if not a.smoke else 64)
        out = model(x)
        loss, lh, lo = loss_fn(out, h, o, m)
        opt.zero_grad()
        loss.backward()
        opt.step()
        hist.append((lh, lo))
        step += 1
        if not a.smoke and step % 150 == 0:
            # The dataset may still be growing (make-dataset.ts runs beside): take in new tables.
            known = {m['seed'] for _, m in items}
            fresh = [it for it in load(a.data) if it[1]['seed'] not in known] if len(glob.glob(os.path.join(a.data, '*.json'))) > len(items) else []
            items.extend(fresh)
            if fresh:
                print('%d tables now' % len(items), flush=True)
        if step % 50 == 0 or a.smoke:
            k = hist[-50:]
            print('step %d  %.0f s  heat %.3f  offset %.3f' % (step, time.time() - t0, np.mean([v[0] for v in k]), np.mean([v[1] for v in k])), flush=True)
    if not math.isfinite(hist[-1][0]):
        sys.exit('training diverged')
    if a.smoke and a.out == ap.get_default('out'):
        return
    export(model, a.out)
    torch.save(model.state_dict(), a.out + '.pt') if not a.smoke else None
    print('exported %s (%d bytes) after %d steps' % (a.out, os.path.getsize(a.out), step))


if __name__ == '__main__':
    main()
