#!/usr/bin/python3
"""The held-out renderer family: club tables path-traced by Blender Cycles.

Writes, per frame, into OUT (gitignored; default test/blender/frames):
  NAME.jpg          1920x1080 JPEG through a real lens (rendered pinhole, distorted here
                    with OpenCV's model)
  NAME.truth.json   {camera_position_mm, models: [{x_mm, y_mm, fallen, tag, kind, traits}]}:
                    the base centre of a standing model, the footprint middle of a fallen one,
                    table mm as in test/synthetic (origin at a corner, x width, y depth, z up)
  NAME.table.json   the table profile (anchors, tag size and each tag's height)
  NAME.camera.json  the lens (camera.json contract)
  TABLE-empty.jpg   the same table with no models (for --background)

  nice -n 19 /usr/bin/python3 test/blender/heldout.py --tables 4 --frames 3 [--out DIR]
  [--first-table N] [--threads 1]: a frame whose pinhole render of the same scene is already
  in OUT/work is reused (only lens distortion is redone), so an interrupted run resumes.
Deterministic for --seed; Cycles' own noise is seeded too.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import time

import cv2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
W_MM, D_MM = 1800, 1200
ANCHOR_MM, INSET_MM = 80, 25
TAG_MM = 25
DICT = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)


def srgb_to_linear(c):
    c = np.asarray(c, dtype=float) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def smooth_noise(rng, h, w, scale_px):
    """Value noise: random field upsampled with cubic interpolation."""
    gh, gw = max(2, int(h / scale_px) + 2), max(2, int(w / scale_px) + 2)
    g = rng.random((gh, gw)).astype(np.float32)
    return cv2.resize(g, (w, h), interpolation=cv2.INTER_CUBIC)


def make_mat(rng, kind, path, px_per_mm=2):
    h, w = D_MM * px_per_mm, W_MM * px_per_mm
    palettes = [(70, 105, 55), (120, 95, 60), (95, 95, 90), (165, 140, 95), (45, 70, 45), (150, 150, 140), (60, 50, 40)]
    base = np.array(palettes[rng.integers(len(palettes))], dtype=np.float32) * rng.uniform(0.85, 1.15, 3)
    fine = rng.normal(0, 1, (h, w)).astype(np.float32)
    fine = cv2.GaussianBlur(fine, (0, 0), 1.2) * 6
    img = np.ones((h, w, 3), np.float32) * base
    if kind == 'plain':
        img *= (0.93 + 0.14 * smooth_noise(rng, h, w, 300))[..., None]
    elif kind == 'mottled':
        n = 0.5 * smooth_noise(rng, h, w, 160) + 0.3 * smooth_noise(rng, h, w, 40) + 0.2 * smooth_noise(rng, h, w, 10)
        other = base * rng.uniform(0.6, 1.3, 3)
        t = np.clip((n - 0.35) * 2.5, 0, 1)[..., None]
        img = img * (1 - t) + other * t
    else:  # printed terrain: patches of earth and sand, a road, craters, a hex grid
        n = smooth_noise(rng, h, w, 250)
        img = img * (0.85 + 0.3 * smooth_noise(rng, h, w, 20))[..., None]
        dirt = np.array((120, 95, 65), np.float32) * rng.uniform(0.8, 1.2, 3)
        m = (n > 0.62).astype(np.float32)
        m = cv2.GaussianBlur(m, (0, 0), 8)[..., None]
        img = img * (1 - m) + dirt * (0.85 + 0.3 * smooth_noise(rng, h, w, 12))[..., None] * m
        road = np.zeros((h, w), np.float32)
        y0 = rng.uniform(0.2, 0.8) * h
        pts = np.array([[x, y0 + 0.15 * h * math.sin(x / w * 6 + rng.uniform(0, 6))] for x in np.linspace(0, w, 40)], np.int32)
        cv2.polylines(road, [pts], False, 1.0, int(rng.uniform(60, 120) * px_per_mm))
        road = cv2.GaussianBlur(road, (0, 0), 3)[..., None]
        img = img * (1 - road) + np.array((150, 140, 120), np.float32) * road
        for _ in range(int(rng.integers(4, 10))):
            c = (int(rng.uniform(0, w)), int(rng.uniform(0, h)))
            r = int(rng.uniform(20, 70) * px_per_mm)
            cv2.circle(img, c, r, tuple(float(v) for v in base * 0.55), -1, cv2.LINE_AA)
            cv2.circle(img, c, r, tuple(float(v) for v in base * 1.3), int(3 * px_per_mm), cv2.LINE_AA)
        if rng.random() < 0.5:
            hexr = 25 * px_per_mm
            for yy in np.arange(0, h, hexr * 1.5):
                for xx in np.arange(0, w, hexr * math.sqrt(3)):
                    off = (hexr * math.sqrt(3) / 2) if int(yy / (hexr * 1.5)) % 2 else 0
                    poly = np.array([[xx + off + hexr * math.cos(a), yy + hexr * math.sin(a)] for a in np.arange(6) * math.pi / 3 + math.pi / 6], np.int32)
                    cv2.polylines(img, [poly], True, tuple(float(v) for v in base * 0.7), 2, cv2.LINE_AA)
    img = img + fine[..., None]
    img = np.clip(img, 0, 255).astype(np.uint8)
    cv2.imwrite(path, img[:, :, ::-1])
    return [float(v) for v in img.reshape(-1, 3).mean(0)]


def marker_png(path, mid, margin_frac):
    cells = 6
    px = 16
    mk = cv2.aruco.drawMarker(DICT, mid, cells * px)
    pad = int(round(margin_frac * cells * px))
    mk = cv2.copyMakeBorder(mk, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=255)
    cv2.imwrite(path, mk)


def square_corners(cx, cy, side, angle_deg):
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    out = []
    for u, v in ((-1, 1), (1, 1), (1, -1), (-1, -1)):
        x, y = u * side / 2, v * side / 2
        out.append([cx + ca * x - sa * y, cy + sa * x + ca * y])
    return out


def anchors_profile():
    sq = lambda x0, y0: [[x0, y0 + ANCHOR_MM], [x0 + ANCHOR_MM, y0 + ANCHOR_MM], [x0 + ANCHOR_MM, y0], [x0, y0]]
    return [
        {'id': 0, 'corners_mm': sq(INSET_MM, INSET_MM)},
        {'id': 1, 'corners_mm': sq(W_MM - INSET_MM - ANCHOR_MM, INSET_MM)},
        {'id': 2, 'corners_mm': sq(W_MM - INSET_MM - ANCHOR_MM, D_MM - INSET_MM - ANCHOR_MM)},
        {'id': 3, 'corners_mm': sq(INSET_MM, D_MM - INSET_MM - ANCHOR_MM)},
    ]


def grow(corners, f):
    c = np.mean(np.array(corners), 0)
    return [list(c + (np.array(p) - c) * f) for p in corners]


def look_at(C, T, roll_deg):
    z = np.array(T, float) - C
    z /= np.linalg.norm(z)
    x = np.cross(z, [0, 1, 0])
    x /= np.linalg.norm(x)
    y = np.cross(z, x)
    r = math.radians(roll_deg)
    x, y = math.cos(r) * x + math.sin(r) * y, -math.sin(r) * x + math.cos(r) * y
    return np.stack([x, y, z])


class Placer:
    def __init__(self, rng):
        self.rng = rng
        self.taken = [((a['corners_mm'][0][0] + 40), (a['corners_mm'][3][1] + 40), 80) for a in anchors_profile()]

    def free(self, x, y, r, slack=12):
        return all(math.hypot(x - tx, y - ty) > r + tr + slack for tx, ty, tr in self.taken)

    def place(self, r, edge=False):
        for _ in range(2000):
            if edge:
                side = self.rng.integers(4)
                m = r + self.rng.uniform(8, 40)
                x = self.rng.uniform(150, W_MM - 150) if side < 2 else (m if side == 2 else W_MM - m)
                y = (m if side == 0 else D_MM - m) if side < 2 else self.rng.uniform(150, D_MM - 150)
            else:
                x = self.rng.uniform(r + 40, W_MM - r - 40)
                y = self.rng.uniform(r + 40, D_MM - r - 40)
            if self.free(x, y, r):
                self.taken.append((x, y, r))
                return x, y
        raise RuntimeError('table too crowded')


def paint(rng, mat_rgb, trait):
    if trait == 'dark':
        g = rng.uniform(0.008, 0.03)
        return [g, g * rng.uniform(0.9, 1.1), g * rng.uniform(0.9, 1.2)]
    if trait == 'mat':
        return list(srgb_to_linear(np.array(mat_rgb) * rng.uniform(0.92, 1.08, 3)))
    palette = [(160, 40, 35), (40, 60, 140), (190, 170, 70), (120, 120, 125), (70, 100, 50), (140, 90, 60), (200, 200, 195), (90, 40, 110), (30, 120, 130)]
    c = np.array(palette[rng.integers(len(palette))]) * rng.uniform(0.8, 1.15, 3)
    return list(srgb_to_linear(np.clip(c, 0, 255)))


def make_models(rng, mat_rgb, workdir, first_tag):
    P = Placer(rng)
    models = []
    tag_id = first_tag

    def base_for(kind):
        if kind == 'monster':
            return float(rng.choice([40, 50, 60, 0]))
        if kind == 'vehicle':
            return float(rng.choice([60, 0]))
        return float(rng.choice([20, 25, 28, 32, 40, 0], p=[0.1, 0.3, 0.2, 0.2, 0.1, 0.1]))

    def model(kind, fallen, traits, edge=False, at=None, base=None):
        b = base_for(kind) if base is None else base
        H = {'humanoid': rng.uniform(26, 42), 'monster': rng.uniform(35, 60), 'vehicle': rng.uniform(28, 45), 'token': 3}[kind]
        L = rng.uniform(60, 95) if kind == 'vehicle' else 0
        Wv = rng.uniform(38, 55) if kind == 'vehicle' else 0
        if kind == 'vehicle' and b > 0:
            L, Wv = min(L, 0.95 * b), min(Wv, 0.7 * b)
        reach = max(b / 2, L / 2, H * 0.6 if kind == 'monster' else 10, (H + b / 2) if fallen else 0)
        x, y = at if at else P.place(reach, edge)
        color_trait = 'dark' if 'dark' in traits else ('mat' if 'mat' in traits else '')
        m = {
            'kind': kind, 'x_mm': float(x), 'y_mm': float(y), 'yaw_deg': float(rng.uniform(0, 360)), 'fallen': fallen,
            'base_mm': b, 'base_t_mm': float(rng.uniform(2.5, 4.5)), 'height_mm': float(H), 'length_mm': float(L), 'width_mm': float(Wv),
            'color': paint(rng, mat_rgb, color_trait), 'accent': paint(rng, mat_rgb, color_trait if rng.random() < 0.7 else ''),
            'base_color': paint(rng, mat_rgb, 'mat' if 'mat' in traits and rng.random() < 0.6 else 'dark' if rng.random() < 0.4 else ''),
            'rough': float(rng.uniform(0.3, 0.8)), 'metal': float(rng.choice([0, 0, 0.6])),
            'pose': {'stride': float(rng.uniform(0, 4)), 'bulk': float(rng.uniform(0.8, 1.3)), 'arm': float(rng.uniform(-0.3, 1.4)),
                     'helmet': bool(rng.random() < 0.5), 'weapon': bool(rng.random() < 0.6), 'cloak': bool(rng.random() < 0.3), 'wings': bool(rng.random() < 0.4)},
            'lean_deg': float(rng.uniform(-6, 6)) if kind == 'humanoid' else 0.0,
            'tip_deg': float(rng.uniform(-5, 10)), 'roll_deg': float(rng.uniform(0, 360)),
            'traits': traits,
        }
        if 'dark' in traits:
            m['base_color'] = paint(rng, mat_rgb, 'dark')
        if 'mat' in traits:
            m['base_color'] = paint(rng, mat_rgb, 'mat')
        models.append(m)
        return m

    def add_tag(m, kind):
        nonlocal tag_id
        tid = tag_id
        tag_id += 1
        png = os.path.join(workdir, 'tag%d.png' % tid)
        ang = float(rng.uniform(0, 360))
        if kind == 'card':
            card = float(rng.uniform(34, 46))
            h = m['height_mm'] + float(rng.uniform(4, 12))
            marker_png(png, tid, 0.0)
            m['lean_deg'] = 0.0
            m['tag'] = {'id': tid, 'kind': 'card', 'card_mm': card, 'height_mm': h + 0.0, 'png': png, 'corners_mm': square_corners(m['x_mm'], m['y_mm'], TAG_MM, ang)}
        else:
            marker_png(png, tid, 0.2)
            h = m['base_t_mm']
            m['tag'] = {'id': tid, 'kind': 'token', 'height_mm': h, 'png': png, 'corners_mm': grow(square_corners(m['x_mm'], m['y_mm'], TAG_MM, ang), 1.4)}
        m['traits'] = m['traits'] + ['tag-' + kind]

    for i in range(5):
        tr = []
        if i == 0:
            tr = ['dark']
        elif i == 1:
            tr = ['mat']
        model('humanoid', False, tr, edge=(i in (2, 3)))
    if rng.random() < 0.7:
        model('humanoid', False, ['dark'] if rng.random() < 0.5 else ['mat'], edge=True)
    model('monster', False, [])
    model('vehicle', False, ['vehicle'])
    # A touching pair: two bases in contact.
    b1, b2 = 25.0 if rng.random() < 0.5 else 32.0, 25.0 if rng.random() < 0.5 else 32.0
    x, y = P.place(b1 + b2 + 10)
    a = rng.uniform(0, 2 * math.pi)
    d = (b1 + b2) / 2 + 0.3
    model('humanoid', False, ['touching'], at=(x - math.cos(a) * d / 2, y - math.sin(a) * d / 2), base=b1)
    model('humanoid', False, ['touching'], at=(x + math.cos(a) * d / 2, y + math.sin(a) * d / 2), base=b2)
    for i in range(4):
        kind = 'monster' if i == 3 and rng.random() < 0.5 else 'humanoid'
        model(kind, True, ['dark'] if i == 1 and rng.random() < 0.5 else (['mat'] if i == 2 and rng.random() < 0.5 else []), edge=(i == 0))
    m = model('humanoid', False, [], base=float(rng.choice([25, 28, 32])))
    add_tag(m, 'card')
    m = model('token', False, [], base=float(rng.choice([40, 50])))
    add_tag(m, 'token')
    if rng.random() < 0.5:
        m = model('monster', False, [], base=40.0)
        add_tag(m, 'card')
    return models


def make_terrain(rng):
    P = Placer(rng)
    out = []
    for _ in range(int(rng.integers(2, 5))):
        kind = str(rng.choice(['building', 'hill', 'tree', 'rock']))
        w, d = float(rng.uniform(60, 180)), float(rng.uniform(50, 140))
        h = {'building': rng.uniform(50, 140), 'hill': rng.uniform(20, 40), 'tree': rng.uniform(80, 130), 'rock': rng.uniform(20, 45)}[kind]
        if kind == 'tree':
            w = d = float(rng.uniform(50, 80))
        x, y = P.place(math.hypot(w, d) / 2 + 10)
        g = rng.uniform(0.05, 0.35)
        out.append({'kind': kind, 'x': float(x), 'y': float(y), 'w': w, 'd': d, 'h': float(h), 'yaw': float(rng.uniform(0, 180)),
                    'color': [g, g * rng.uniform(0.8, 1.1), g * rng.uniform(0.6, 1.0)] if kind != 'tree' else [0.04, 0.12, 0.03]})
    return out, P


def make_lights(rng):
    warm = lambda: [1.0, float(rng.uniform(0.8, 1.0)), float(rng.uniform(0.6, 0.95))]
    lights = [{'kind': 'area', 'strength': float(rng.uniform(150, 400)), 'size_mm': [float(rng.uniform(300, 1200)), float(rng.uniform(300, 900))],
               'position_mm': [float(rng.uniform(400, 1400)), float(rng.uniform(300, 900)), float(rng.uniform(2000, 2600))], 'target_mm': [900, 600, 0], 'color': warm()}]
    n = int(rng.integers(1, 4))
    kinds = list(rng.permutation(['window', 'spot']))[: n - 1]
    for k in kinds:
        if k == 'window':
            el = math.radians(rng.uniform(14, 32))
            az = rng.uniform(0, 2 * math.pi)
            d = 3000
            lights.append({'kind': 'sun', 'strength': float(rng.uniform(2.0, 4.0)), 'angle_deg': float(rng.uniform(1, 4)),
                           'position_mm': [900 + d * math.cos(el) * math.cos(az), 600 + d * math.cos(el) * math.sin(az), d * math.sin(el)],
                           'target_mm': [900, 600, 0], 'color': [float(rng.uniform(0.85, 1.0)), float(rng.uniform(0.9, 1.0)), 1.0]})
        else:
            lights.append({'kind': 'point', 'strength': float(rng.uniform(60, 200)), 'radius_mm': float(rng.uniform(10, 60)),
                           'position_mm': [float(rng.uniform(200, 1600)), float(rng.uniform(200, 1000)), float(rng.uniform(900, 1600))], 'target_mm': [900, 600, 0], 'color': warm()})
    return lights


def camera(rng):
    h = rng.uniform(1200, 2000)
    C = np.array([900 + rng.uniform(-120, 120), 600 + rng.uniform(-100, 100), h])
    R = look_at(C, [900 + rng.uniform(-40, 40), 600 + rng.uniform(-40, 40), 0], rng.uniform(-3, 3))
    W, H = 1920, 1080
    # A lens that keeps the table in frame at this height.
    f = 1330 * h / 1600 * rng.uniform(0.93, 1.0)
    K = np.array([[f, 0, W / 2 + rng.uniform(-10, 10)], [0, f, H / 2 + rng.uniform(-8, 8)], [0, 0, 1]])
    dist = np.array([rng.uniform(-0.2, -0.05), rng.uniform(0.0, 0.06), rng.uniform(-0.001, 0.001), rng.uniform(-0.001, 0.001), 0.0])
    # The pinhole render must cover every ray of the distorted frame.
    border = np.array([[x, y] for x in np.linspace(0, W - 1, 40) for y in (0, H - 1)] + [[x, y] for y in np.linspace(0, H - 1, 30) for x in (0, W - 1)], np.float64)
    und = cv2.undistortPointsIter(border.reshape(-1, 1, 2), K, dist, None, None, (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 40, 1e-10)).reshape(-1, 2)
    rw = int(math.ceil(2 * np.abs(und[:, 0]).max() * f)) + 8
    rh = int(math.ceil(2 * np.abs(und[:, 1]).max() * f)) + 8
    # A strong barrel (k1 near -0.2 with a small k2) has no inverse at the frame's corners: the
    # iteration runs off and asked for a 23 000 px render (hours). Twice the frame is the most
    # any held-out table needed (t9: 3208 px); rays past it take the render's edge.
    rw, rh = min(rw, 2 * W), min(rh, 2 * H)
    return {'position_mm': list(C), 'R': R.tolist(), 'focal_px': f, 'render_w': rw + rw % 2, 'render_h': rh + rh % 2, 'K': K.tolist(), 'dist': dist.tolist(), 'W': W, 'H': H}


def distort(pinhole_png, cam, out_jpg, quality):
    img = cv2.imread(pinhole_png, cv2.IMREAD_COLOR)
    W, H = cam['W'], cam['H']
    K, dist = np.array(cam['K']), np.array(cam['dist'])
    xs, ys = np.meshgrid(np.arange(W, dtype=np.float64), np.arange(H, dtype=np.float64))
    pts = np.stack([xs.ravel(), ys.ravel()], 1).reshape(-1, 1, 2)
    und = cv2.undistortPointsIter(pts, K, dist, None, None, (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 30, 1e-10)).reshape(H, W, 2)
    f = cam['focal_px']
    mx = (und[..., 0] * f + (cam['render_w'] - 1) / 2).astype(np.float32)
    my = (und[..., 1] * f + (cam['render_h'] - 1) / 2).astype(np.float32)
    out = cv2.remap(img, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    cv2.imwrite(out_jpg, out, [cv2.IMWRITE_JPEG_QUALITY, quality])


def render(scene, workdir, name, out, threads=2):
    sp = os.path.join(workdir, name + '.scene.json')
    png = os.path.join(workdir, name + '.png')
    tp = os.path.join(workdir, name + '.models.json')
    # Resume: a pinhole render of the very same scene (same seed, lamps, models) is reused.
    if os.path.exists(sp) and os.path.exists(png) and os.path.exists(tp):
        with open(sp) as f:
            same = json.load(f) == json.loads(json.dumps(scene))
        if same:
            distort(png, scene['camera'], os.path.join(out, name + '.jpg'), scene['jpeg_quality'])
            with open(tp) as f:
                models = json.load(f)
            print('%s: reused the earlier render' % name, flush=True)
            return models
    with open(sp, 'w') as f:
        json.dump(dict(scene, threads=threads), f)
    t0 = time.time()
    # EEVEE rasterises through OpenGL: headless, it needs a virtual display (apt: xvfb).
    cmd = (['xvfb-run', '-a', '-s', '-screen 0 640x480x24'] if scene.get('engine') == 'eevee' else []) + ['blender', '-b', '--factory-startup', '-noaudio', '-P', os.path.join(HERE, 'blender_scene.py'), '--', sp, png, tp]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0 or not os.path.exists(png):
        sys.stderr.write(r.stdout[-3000:] + r.stderr[-3000:])
        raise SystemExit('blender failed on ' + name)
    with open(sp, 'w') as f:  # the scene as drawn (the thread count is not part of it)
        json.dump(scene, f)
    distort(png, scene['camera'], os.path.join(out, name + '.jpg'), scene['jpeg_quality'])
    with open(tp) as f:
        models = json.load(f)
    print('%s: %.0f s' % (name, time.time() - t0), flush=True)
    return models


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--tables', type=int, default=4)
    ap.add_argument('--first-table', type=int, default=0, help='start at this table (each table has its own seed, so a run can be resumed)')
    ap.add_argument('--frames', type=int, default=3, help='populated frames per table')
    ap.add_argument('--seed', type=int, default=9)
    ap.add_argument('--samples', type=int, default=16)
    ap.add_argument('--out', default=os.path.join(HERE, 'frames'))
    ap.add_argument('--threads', type=int, default=2, help='Cycles render threads (1 on a shared machine)')
    ap.add_argument('--engine', choices=['cycles', 'eevee'], default='cycles', help='eevee: the same scenes rasterised (shadow maps, no bounced light), a renderer no model trains on; needs xvfb-run')
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    work = os.path.join(a.out, 'work')
    os.makedirs(work, exist_ok=True)
    for ti in range(a.first_table, a.tables):
        rng = np.random.default_rng(a.seed * 1000 + ti)
        tname = 't%d' % ti
        mat_png = os.path.join(work, tname + '-mat.png')
        mat_kind = ['plain', 'mottled', 'printed'][ti % 3]
        mat_rgb = make_mat(rng, mat_kind, mat_png)
        anchors = []
        for an in anchors_profile():
            png = os.path.join(work, 'anchor%d.png' % an['id'])
            marker_png(png, an['id'], 0.25)
            anchors.append({'id': an['id'], 'png': png, 'quad_mm': grow(an['corners_mm'], 1.5)})
        terrain, _ = make_terrain(rng)
        cam = camera(rng)
        base_scene = {
            'table': {'width_mm': W_MM, 'depth_mm': D_MM}, 'mat_png': mat_png, 'floor_color': list(srgb_to_linear([60, 45, 35])), 'anchors': anchors,
            'terrain': terrain, 'camera': cam, 'samples': a.samples, 'ambient': float(rng.uniform(0.05, 0.3)), 'ambient_color': [0.8, 0.85, 1.0],
            'jpeg_quality': int(rng.integers(80, 95)), 'mat_kind': mat_kind,
        }
        if a.engine != 'cycles':
            base_scene['engine'] = a.engine
        lights = make_lights(rng)
        exposure = float(rng.uniform(-0.4, 0.4))
        write_side_files(a.out, tname + '-empty', cam, {}, mat_kind)
        empty = dict(base_scene, models=[], lights=lights, exposure=exposure, seed=int(rng.integers(1 << 30)))
        render(empty, work, tname + '-empty', a.out, a.threads)
        for fi in range(a.frames):
            name = '%s-f%d' % (tname, fi)
            # Terrain keeps its place; models are set out again; lamps dim or warm a little.
            models = make_models(rng, mat_rgb, work, 4 + 10 * fi)
            # Keep models off terrain.
            models = [m for m in models if all(math.hypot(m['x_mm'] - t['x'], m['y_mm'] - t['y']) > math.hypot(t['w'], t['d']) / 2 + 30 for t in terrain)]
            lt = [dict(L, strength=L['strength'] * float(rng.uniform(0.85, 1.15))) for L in lights]
            scene = dict(base_scene, models=models, lights=lt, exposure=exposure + float(rng.uniform(-0.15, 0.15)), seed=int(rng.integers(1 << 30)))
            truth = render(scene, work, name, a.out, a.threads)
            heights = {str(m['tag']['id']): round(m['tag']['height_mm'], 2) for m in models if m.get('tag')}
            write_side_files(a.out, name, cam, heights, mat_kind)
            lights_kinds = [L['kind'] for L in lt]
            with open(os.path.join(a.out, name + '.truth.json'), 'w') as f:
                json.dump({'camera_position_mm': cam['position_mm'], 'background': tname + '-empty.jpg', 'mat': mat_kind, 'lights': lights_kinds,
                           'window_light': 'sun' in lights_kinds, 'models': truth}, f, indent=1)


def write_side_files(out, name, cam, heights, mat_kind):
    profile = {'name': 'Blender club table (%s mat)' % mat_kind, 'table': {'width_mm': W_MM, 'depth_mm': D_MM},
               'anchors': {'dictionary': 'DICT_4X4_50', 'markers': anchors_profile()},
               'tags': {'dictionary': 'DICT_4X4_50', 'size_mm': TAG_MM, 'height_mm': 3, 'heights_mm': heights}}
    with open(os.path.join(out, name + '.table.json'), 'w') as f:
        json.dump(profile, f, indent=1)
    with open(os.path.join(out, name + '.camera.json'), 'w') as f:
        json.dump({'image_size': [cam['W'], cam['H']], 'camera_matrix': cam['K'], 'dist_coeffs': cam['dist']}, f, indent=1)


if __name__ == '__main__':
    main()
