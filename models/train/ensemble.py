#!/usr/bin/env python3
"""One detector file whose chosen outputs are the means of two models' (rule E, issue 9).

    python3 models/train/ensemble.py BASE.onnx PARTNER.onnx OUT.onnx [--outputs fallen[,heat]]

BASE keeps every output it has. For each name in --outputs, PARTNER's subgraph that computes it
from the same input is added (its nodes and weights renamed apart), and the file's output of that
name becomes the mean of the two. Both files must be detectors of this repository: the same inputs
(`map`, `patch`, ...) in the same layout. Nothing else of PARTNER is kept, so a run asks only the
parts it needs (onnxruntime runs every branch fed).
"""
import argparse
import sys

import onnx
from onnx import helper, utils

INPUT_OF = {'heat': 'map', 'fallen': 'patch', 'second': 'patch', 'centre': 'patch', 'place_fine': 'fine'}


def fail(msg):
    sys.stderr.write('ensemble.py: %s\n' % msg)
    sys.exit(2)


def renamed_apart(graph, prefix, keep):
    """The graph with every node, value and weight name but those in keep (its inputs) prefixed."""
    new = lambda name: name if (name in keep or name == '') else prefix + name  # noqa: E731
    for init in graph.initializer:
        init.name = new(init.name)
    for node in graph.node:
        node.name = new(node.name)
        node.input[:] = [new(i) for i in node.input]
        node.output[:] = [new(o) for o in node.output]
    for o in graph.output:
        o.name = new(o.name)
    return graph


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('base')
    ap.add_argument('partner')
    ap.add_argument('out')
    ap.add_argument('--outputs', default='fallen')
    a = ap.parse_args()
    try:
        base = onnx.load(a.base)
        partner = onnx.load(a.partner)
    except Exception as e:  # noqa: BLE001 - one line naming the file
        fail('cannot read a model: %s' % str(e).split('\n')[0])
    names = [n for n in a.outputs.split(',') if n]
    for n in names:
        if n not in INPUT_OF:
            fail('--outputs: %s is not a detector output (%s)' % (n, ', '.join(INPUT_OF)))
        for m, f in ((base, a.base), (partner, a.partner)):
            if n not in [o.name for o in m.graph.output]:
                fail('%s: no output %s' % (f, n))
    g = base.graph
    base_inputs = {i.name for i in g.input}
    for n in names:
        part = utils.Extractor(partner).extract_model([INPUT_OF[n]], [n])
        part = renamed_apart(part.graph, 'partner_%s_' % n, keep={INPUT_OF[n]})
        if INPUT_OF[n] not in base_inputs:
            fail('%s has no input %s' % (a.base, INPUT_OF[n]))
        # The base's own output is renamed inside the graph; the file's output is the mean.
        own = 'base_%s' % n
        for node in g.node:
            node.output[:] = [own if o == n else o for o in node.output]
            node.input[:] = [own if i == n else i for i in node.input]
        g.initializer.extend(part.initializer)
        g.node.extend(part.node)
        g.node.append(helper.make_node('Mean', [own, 'partner_%s_%s' % (n, n)], [n], name='ensemble_mean_%s' % n))
    onnx.checker.check_model(base)
    onnx.save(base, a.out)
    print('ensemble.py: wrote %s (%s averaged with %s)' % (a.out, ', '.join(names), a.partner))


if __name__ == '__main__':
    main()
