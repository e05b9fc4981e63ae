#!/usr/bin/env bash
# One command that trains the shipped miniature detector's next version from a model the
# repository holds (issue 9): training tables rendered by test/synthetic/varied.ts, the first
# stage resumed with its fine (8 mm) head, the second stage resumed on the new tables and the
# new first stage's peaks, one ONNX file holding both, and validate.ts choosing the decoding.
#
#   models/train/retrain.sh [FROM.onnx] [OUT_DIR]
#
# FROM defaults to models/miniature-detector.onnx. This is the run that made the seventh model
# from the sixth (the shipped file); the seventh was not shipped (models/miniature-detector.md
# says why). Its tables: data/ held the first 63 seeds in the render look before
# test/synthetic's look was added (a rerun renders them in the new one). Everything is seeded;
# the step counts depend on how busy the two cores are, so a rerun is seeded but not
# bit-identical (the trainers stop on the clock). About 3 hours on two quiet cores: 50 min of
# rendering, 75 + 2 x 20 min of training, 10 min of validation. Nothing it writes is committed:
# copy OUT_DIR/detector.onnx to models/miniature-detector.onnx and DEFAULT_DECODE (validate's
# last line) to src/vision/learned/decode-heat.ts by hand, after reading the figures.
set -euo pipefail
cd "$(dirname "$0")/../.."
FROM=${1:-models/miniature-detector.onnx}
OUT=${2:-models/train/runs}
PY=/usr/bin/python3
DATA=models/train/data,models/train/data2
VAL=models/train/val,models/train/val2
mkdir -p "$OUT"

npx tsc -p models/train/tsconfig.json
cp test/synthetic/dict-4x4-50.json models/train/.build/test/synthetic/
dataset() { nice -n 10 node models/train/.build/models/train/make-dataset.js "$@"; }

# Tables: validation (two looks), the plain look's 63 and the new look's (two processes, one a core).
[ -d models/train/val ] || dataset models/train/val 9001 16
[ -d models/train/val2 ] || dataset models/train/val2 9101 16
[ -d models/train/data ] || dataset models/train/data 1 63
if [ ! -d models/train/data2 ]; then
  dataset models/train/data2 20001 200 & dataset models/train/data2 21001 200; wait
fi

# First stage: the fine head on the trunk of FROM (its BatchNorms frozen at the folded values).
$PY models/train/train.py --data "$DATA" --resume "$FROM" --fine --lr 3e-3 --trunk-lr-scale 0.3 --minutes 75 \
  --threads 2 --seed 51 --fallen-weight 3 --focus 2 --touch-focus 1 --out "$OUT/first.onnx"
# Second stage: the fallen net and the second-model net of FROM, resumed on the new tables (side by side, a core each).
$PY models/train/fall_classifier.py --data "$DATA" --val "$VAL" --no-second --resume "$FROM" --jitter 3 --lr 1e-3 \
  --minutes 20 --threads 1 --seed 61 --out "$OUT/fall.onnx" &
$PY models/train/fall_classifier.py --data "$DATA" --val "$VAL" --on-peaks --detector "$OUT/first.onnx" --resume "$FROM" \
  --centre --lr 1e-3 --minutes 20 --threads 1 --seed 63 --second-weight 2 --out "$OUT/second.onnx"
wait
# One file: map -> heat (first), patch -> fallen (fall), second and centre (second).
$PY models/train/fall_classifier.py --data models/train/val --no-second --resume "$OUT/fall.onnx" --minutes 0 \
  --detector "$OUT/first.onnx" --second-net "$OUT/second.onnx" --out "$OUT/detector.onnx"
node models/train/.build/models/train/validate.js "$OUT/detector.onnx" "$VAL" | tail -1
