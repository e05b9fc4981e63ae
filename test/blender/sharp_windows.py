#!/usr/bin/python3
"""A small fixture from a held-out frame: the frame blurred, sharp only in windows around every
marker native OpenCV reads on it (anchors, tags, and any false read) and around every tag a
model carries (at its height in the table profile), so the JPEG stays small and the markers
keep their rendered pixels. The side files are copied unchanged.

  /usr/bin/python3 test/blender/sharp_windows.py test/blender/frames t2-f1 test/blender/fixtures/small-tags
"""
import json
import os
import shutil
import sys

import cv2
import numpy as np

DICT = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
HALF_WINDOW_PX = 32
BLUR_SIGMA_PX = 12
FEATHER_SIGMA_PX = 4
JPEG_QUALITY = 95


def main(frames, name, out):
    img = cv2.imread(os.path.join(frames, name + '.jpg'))
    cam = json.load(open(os.path.join(frames, name + '.camera.json')))
    table = json.load(open(os.path.join(frames, name + '.table.json')))
    truth = json.load(open(os.path.join(frames, name + '.truth.json')))
    k, dist = np.array(cam['camera_matrix']), np.array(cam['dist_coeffs'])
    corners, ids, _ = cv2.aruco.detectMarkers(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), DICT)
    anchors = {m['id']: m['corners_mm'] for m in table['anchors']['markers']}
    obj, pix = [], []
    for c, i in zip(corners, ids.ravel()):
        if int(i) in anchors:
            obj += [p + [0] for p in anchors[int(i)]]
            pix += c[0].tolist()
    _, rvec, tvec = cv2.solvePnP(np.array(obj, float), np.array(pix, float), k, dist)
    centres = [c[0].mean(0) for c in corners]
    boxes = [c[0] for c in corners]
    heights = table['tags']['heights_mm']
    for m in truth['models']:
        if m['tag'] is None:
            continue
        z = heights.get(str(m['tag']), table['tags']['height_mm'])
        q, _ = cv2.projectPoints(np.array([[m['x_mm'], m['y_mm'], z]], float), rvec, tvec, k, dist)
        centres.append(q.ravel())
    mask = np.zeros(img.shape[:2], np.float32)
    for c in centres:
        x, y = int(round(c[0])), int(round(c[1]))
        mask[max(0, y - HALF_WINDOW_PX):y + HALF_WINDOW_PX, max(0, x - HALF_WINDOW_PX):x + HALF_WINDOW_PX] = 1
    for b in boxes:  # whole anchors, however large
        x0, y0 = np.floor(b.min(0)).astype(int) - 12
        x1, y1 = np.ceil(b.max(0)).astype(int) + 12
        mask[max(0, y0):y1, max(0, x0):x1] = 1
    mask = cv2.GaussianBlur(mask, (0, 0), FEATHER_SIGMA_PX)[:, :, None]
    blurred = cv2.GaussianBlur(img, (0, 0), BLUR_SIGMA_PX)
    out_img = (mask * img + (1 - mask) * blurred).round().clip(0, 255).astype(np.uint8)
    os.makedirs(out, exist_ok=True)
    cv2.imwrite(os.path.join(out, name + '.jpg'), out_img, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    for ext in ('camera.json', 'table.json', 'truth.json'):
        shutil.copy(os.path.join(frames, name + '.' + ext), os.path.join(out, name + '.' + ext))


if __name__ == '__main__':
    if len(sys.argv) != 4:
        sys.exit('usage: sharp_windows.py FRAMES_DIR NAME OUT_DIR')
    main(*sys.argv[1:])
