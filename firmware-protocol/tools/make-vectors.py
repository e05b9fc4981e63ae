#!/usr/bin/env python3
"""Writes vectors.json. An implementation independent of the TypeScript and C codecs:
its CRC and frames are the oracle both are tested against. Run: python3 tools/make-vectors.py"""
import json, os

def crc16(data: bytes) -> int:
    crc = 0xFFFF
    for b in data:
        crc ^= b << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc

def crc32c(data: bytes) -> int:
    """CRC-32C (Castagnoli): reflected polynomial 0x82F63B78, init and final xor 0xFFFFFFFF."""
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
    return crc ^ 0xFFFFFFFF

def frame2(body: str, crc_case='upper', cr=False, crc=None, length=None) -> str:
    """A v2 frame: $BODY*LL CCCCCCCC, LL the BODY length and C the CRC-32C, hex."""
    c = '%02X%08X' % (len(body) if length is None else length, crc32c(body.encode('ascii')) if crc is None else crc)
    if crc_case == 'lower': c = c.lower()
    return '$' + body + '*' + c + ('\r\n' if cr else '\n')

def frame(body: str, crc_case='upper', cr=False, crc=None) -> str:
    c = '%04X' % (crc16(body.encode('ascii')) if crc is None else crc)
    if crc_case == 'lower': c = c.lower()
    return '$' + body + '*' + c + ('\r\n' if cr else '\n')

NODES = [{"id": "L1", "kind": "L"}, {"id": "H1", "kind": "H"}, {"id": "T1", "kind": "T"}]
dev = []
def ok(name, body, message, canonical=True, **kw):
    dev.append({"name": name, "frame": frame(body, **kw), "result": "ok", "message": message, "canonical": canonical})
def ok2(name, body, message, canonical=True, **kw):
    dev.append({"name": name, "frame": frame2(body, **kw), "framing": 2, "result": "ok", "message": message, "canonical": canonical})
def bad(name, frame_text, result):
    dev.append({"name": name, "frame": frame_text, "result": result})

ok("HELLO", "HELLO,0,12,1,1A2B3C4D,1.0.0,L1:L;H1:H;T1:T",
   {"type": "HELLO", "seq": 0, "t_ms": 12, "proto": 1, "boot": "1a2b3c4d", "fw": "1.0.0", "nodes": NODES})
ok("HELLO with lower-case BOOT on the wire", "HELLO,0,12,1,1a2b3c4d,1.0.0,L1:L;H1:H;T1:T",
   {"type": "HELLO", "seq": 0, "t_ms": 12, "proto": 1, "boot": "1a2b3c4d", "fw": "1.0.0", "nodes": NODES}, canonical=False)
ok("HELLO without nodes", "HELLO,7,0,1,DEADBEEF,v2-rc1,",
   {"type": "HELLO", "seq": 7, "t_ms": 0, "proto": 1, "boot": "deadbeef", "fw": "v2-rc1", "nodes": []})
ok("HB", "HB,65535,4294967295", {"type": "HB", "seq": 65535, "t_ms": 4294967295})
ok("SHOT with speed", "SHOT,1,1500,L1,4200", {"type": "SHOT", "seq": 1, "t_ms": 1500, "launcher": "L1", "speed_mm_s": 4200})
ok("SHOT without speed", "SHOT,2,1501,L2", {"type": "SHOT", "seq": 2, "t_ms": 1501, "launcher": "L2"})
ok("HIT", "HIT,3,1620,H1,1023", {"type": "HIT", "seq": 3, "t_ms": 1620, "node": "H1", "strength": 1023})
ok("HIT strength 0", "HIT,4,1700,TGT8abcd,0", {"type": "HIT", "seq": 4, "t_ms": 1700, "node": "TGT8abcd", "strength": 0})
ok("TILT DOWN", "TILT,5,2000,T1,DOWN,87", {"type": "TILT", "seq": 5, "t_ms": 2000, "node": "T1", "state": "DOWN", "angle_deg": 87})
ok("TILT UP negative fractional angle", "TILT,6,2100,T1,UP,-12.5", {"type": "TILT", "seq": 6, "t_ms": 2100, "node": "T1", "state": "UP", "angle_deg": -12.5})
ok("ERR with commas in TEXT", "ERR,7,2200,PIEZO,H2 stuck high, check wiring, then reset",
   {"type": "ERR", "seq": 7, "t_ms": 2200, "code": "PIEZO", "text": "H2 stuck high, check wiring, then reset"})
ok("ERR LOST count", "ERR,8,2300,LOST,17", {"type": "ERR", "seq": 8, "t_ms": 2300, "code": "LOST", "text": "17"})
ok("ERR empty TEXT", "ERR,9,2400,BOOTED,", {"type": "ERR", "seq": 9, "t_ms": 2400, "code": "BOOTED", "text": ""})
ok("unknown type: acked, never recorded", "TEMP,10,2500,21.5,C", {"type": "TEMP", "seq": 10, "t_ms": 2500, "unknown": True}, canonical=False)
ok("unknown type with only the common fields", "X9,11,2600", {"type": "X9", "seq": 11, "t_ms": 2600, "unknown": True}, canonical=False)
ok("lower-case CRC accepted", "HIT,12,2700,H1,5", {"type": "HIT", "seq": 12, "t_ms": 2700, "node": "H1", "strength": 5}, canonical=False, crc_case='lower')
ok("CR before LF accepted", "HIT,13,2800,H1,6", {"type": "HIT", "seq": 13, "t_ms": 2800, "node": "H1", "strength": 6}, canonical=False, cr=True)
long_text = "x" * (128 - 7 - len("ERR,14,2900,LONG,"))
ok("exactly 128 bytes", "ERR,14,2900,LONG," + long_text, {"type": "ERR", "seq": 14, "t_ms": 2900, "code": "LONG", "text": long_text})
bad("129 bytes: too long", frame("ERR,14,2900,LONG," + long_text + "x"), "malformed")
bad("128 bytes of BODY plus CR is 129", frame("ERR,14,2900,LONG," + long_text, cr=True), "malformed")
bad("CRC wrong", frame("HIT,3,1620,H1,1023", crc=crc16(b"HIT,3,1620,H1,1023") ^ 1), "bad-crc")
bad("one BODY byte changed", frame("HIT,3,1620,H1,1023").replace("1023", "1024", 1).replace("HIT,3,1620,H1,1024", "HIT,3,1620,H1,1024"), "bad-crc")
bad("CRC of 3 digits", "$HB,1,2*B1C\n", "malformed")
bad("CRC not hex", "$HB,1,2*ZZZZ\n", "malformed")
bad("no star", "$HB,1,2\n", "malformed")
bad("star inside BODY", frame("HB,1*,2"), "malformed")
bad("control byte inside BODY", frame("HB,1,\t2"), "malformed")
bad("SEQ 65536", frame("HB,65536,2"), "malformed")
bad("SEQ negative", frame("HB,-1,2"), "malformed")
bad("SEQ empty", frame("HB,,2"), "malformed")
bad("T_MS not a number", frame("HB,1,2s"), "malformed")
bad("HB with an extra field", frame("HB,1,2,3"), "malformed")
bad("only TYPE and SEQ", frame("HB,1"), "malformed")
bad("lower-case TYPE", frame("hit,3,1620,H1,10"), "malformed")
bad("HIT strength 1024", frame("HIT,3,1620,H1,1024"), "malformed")
bad("HIT node id of 9 chars", frame("HIT,3,1620,ABCDEFGHI,10"), "malformed")
bad("HIT missing strength", frame("HIT,3,1620,H1"), "malformed")
bad("TILT state SIDEWAYS", frame("TILT,5,2000,T1,SIDEWAYS,87"), "malformed")
bad("TILT angle 181", frame("TILT,5,2000,T1,DOWN,181"), "malformed")
bad("SHOT speed negative", frame("SHOT,1,1500,L1,-5"), "malformed")
bad("HELLO BOOT of 7 digits", frame("HELLO,0,12,1,1A2B3C4,1.0.0,L1:L"), "malformed")
bad("HELLO node kind X", frame("HELLO,0,12,1,1A2B3C4D,1.0.0,L1:X"), "malformed")
bad("HELLO PROTO 2 in a v1 frame (v2 is spoken in v2 frames only)", frame("HELLO,0,12,2,1A2B3C4D,1.0.0,L1:L"), "malformed")
bad("HELLO PROTO 3 (not a version this protocol defines)", frame("HELLO,0,12,3,1A2B3C4D,1.0.0,L1:L"), "malformed")
bad("ERR without TEXT field", frame("ERR,7,2200,PIEZO"), "malformed")
bad("empty frame", "$*FFFF\n", "malformed")

# Version 2 framing (after the host's VER,2): BODY as in v1, then *LL + CRC-32C.
ok2("v2 HELLO", "HELLO,1,40,2,1A2B3C4D,1.0.0,L1:L;H1:H;T1:T",
    {"type": "HELLO", "seq": 1, "t_ms": 40, "proto": 2, "boot": "1a2b3c4d", "fw": "1.0.0", "nodes": NODES})
ok2("v2 TILT", "TILT,8,86240,T1,DOWN,141", {"type": "TILT", "seq": 8, "t_ms": 86240, "node": "T1", "state": "DOWN", "angle_deg": 141})
ok2("v2 HIT", "HIT,3,1620,H1,1023", {"type": "HIT", "seq": 3, "t_ms": 1620, "node": "H1", "strength": 1023})
ok2("v2 lower-case check accepted", "HIT,12,2700,H1,5", {"type": "HIT", "seq": 12, "t_ms": 2700, "node": "H1", "strength": 5}, canonical=False, crc_case='lower')
ok2("v2 CR before LF accepted", "HB,13,2800", {"type": "HB", "seq": 13, "t_ms": 2800}, canonical=False, cr=True)
long2 = "x" * (128 - 13 - len("ERR,14,2900,LONG,"))
ok2("v2 exactly 128 bytes", "ERR,14,2900,LONG," + long2, {"type": "ERR", "seq": 14, "t_ms": 2900, "code": "LONG", "text": long2})
bad("v2 129 bytes: too long", frame2("ERR,14,2900,LONG," + long2 + "x"), "malformed")
bad("v2 CRC-32C wrong", frame2("HIT,3,1620,H1,1023", crc=crc32c(b"HIT,3,1620,H1,1023") ^ 0x80000000), "bad-crc")
bad("v2 the collision of issue 13 (SEQ 8xxx lost three digits): its length field no longer matches (checked before the CRC-32C)",
    frame2("TILT,8241,86240,T1,DOWN,141").replace("TILT,8241,", "TILT,8,", 1), "malformed")
bad("v2 length field wrong", frame2("HIT,3,1620,H1,1023", length=19), "malformed")
bad("v2 length not hex", "$HB,1,2*ZZ" + "%08X" % crc32c(b"HB,1,2") + "\n", "malformed")
bad("v2 HELLO PROTO 1 in a v2 frame", frame2("HELLO,0,12,1,1A2B3C4D,1.0.0,L1:L"), "malformed")
bad("check of 9 hex digits (neither framing)", "$HB,1,2*123456789\n", "malformed")

host = []
def hok(name, body, command, canonical=True):
    host.append({"name": name, "frame": frame(body), "result": "ok", "command": command, "canonical": canonical})
def hbad(name, frame_text, result):
    host.append({"name": name, "frame": frame_text, "result": result})
hok("ACK", "ACK,1a2b3c4d,5", {"type": "ACK", "boot": "1a2b3c4d", "seq": 5})
hok("ACK with upper-case BOOT", "ACK,1A2B3C4D,65535", {"type": "ACK", "boot": "1a2b3c4d", "seq": 65535}, canonical=False)
hok("WHO", "WHO", {"type": "WHO"})
hok("SYNC", "SYNC,1796000000000", {"type": "SYNC", "host_ms": 1796000000000})
hok("CFG hit threshold", "CFG,HIT_THRESHOLD,300", {"type": "CFG", "key": "HIT_THRESHOLD", "value": "300"})
hbad("ACK with bad BOOT", frame("ACK,1a2b3c,5"), "malformed")
hbad("ACK SEQ 70000", frame("ACK,1a2b3c4d,70000"), "malformed")
hbad("ACK bad CRC", frame("ACK,1a2b3c4d,5", crc=0), "bad-crc")
hbad("unknown command", frame("PING"), "malformed")
hok("VER offers version 2 (a v1 hub ignores it: unknown command)", "VER,2", {"type": "VER", "version": 2})
hbad("VER 0", frame("VER,0"), "malformed")
host.append({"name": "v2 ACK", "frame": frame2("ACK,1a2b3c4d,5"), "framing": 2, "result": "ok", "command": {"type": "ACK", "boot": "1a2b3c4d", "seq": 5}, "canonical": True})
host.append({"name": "v2 SYNC", "frame": frame2("SYNC,1796000000000"), "framing": 2, "result": "ok", "command": {"type": "SYNC", "host_ms": 1796000000000}, "canonical": True})
hbad("v2 ACK bad CRC-32C", frame2("ACK,1a2b3c4d,5", crc=0), "bad-crc")

crc_body_hit = "HIT,1,100,H1,512"
streams = [
    {"name": "garbage between frames, then a `$` restarts an unfinished frame",
     "bytes": "\x00\xffnoise" + "$HIT,1,10" + frame("HB,2,20") + "junk\r\n" + frame(crc_body_hit),
     "results": [{"result": "malformed"}, {"result": "ok", "message": {"type": "HB", "seq": 2, "t_ms": 20}},
                 {"result": "ok", "message": {"type": "HIT", "seq": 1, "t_ms": 100, "node": "H1", "strength": 512}}]},
    {"name": "a frame split in the middle of its CRC by a new `$`",
     "bytes": frame("HB,3,30")[:-3] + frame("HB,4,40"),
     "results": [{"result": "malformed"}, {"result": "ok", "message": {"type": "HB", "seq": 4, "t_ms": 40}}]},
    {"name": "v1 and v2 frames mixed in one stream",
     "bytes": frame("HB,6,60") + frame2("HB,7,70") + "$HB,8,80*0" + frame2("HB,9,90"),
     "results": [{"result": "ok", "message": {"type": "HB", "seq": 6, "t_ms": 60}}, {"result": "ok", "message": {"type": "HB", "seq": 7, "t_ms": 70}},
                 {"result": "malformed"}, {"result": "ok", "message": {"type": "HB", "seq": 9, "t_ms": 90}}]},
    {"name": "a runaway frame longer than 128 bytes is dropped up to the next `$`",
     "bytes": "$" + "A" * 200 + "\n" + frame("HB,5,50"),
     "results": [{"result": "malformed"}, {"result": "ok", "message": {"type": "HB", "seq": 5, "t_ms": 50}}]},
]

out = {
    "protocol": 2,
    "about": "Wire protocol v1 and v2 test vectors. framing: 2 marks v2 frames (*LL + CRC-32C), absent means v1 (*CRC-16). result: ok | bad-crc | malformed. message uses the record-file field names; "
             "unknown types decode to {type, seq, t_ms, unknown: true}. canonical frames are byte-exact what a sender writes. "
             "streams: bytes fed in one go, results in order (an unfinished frame cut by `$` and an over-long frame count as malformed). "
             "Generated by tools/make-vectors.py.",
    "crc": [{"input": "123456789", "crc": "29B1"}, {"input": "", "crc": "FFFF"}, {"input": "A", "crc": "%04X" % crc16(b"A")},
            {"input": crc_body_hit, "crc": "%04X" % crc16(crc_body_hit.encode())}],
    "crc32c": [{"input": "123456789", "crc": "E3069283"}, {"input": "", "crc": "00000000"}, {"input": "A", "crc": "%08X" % crc32c(b"A")},
               {"input": crc_body_hit, "crc": "%08X" % crc32c(crc_body_hit.encode())}],
    "device_frames": dev,
    "host_frames": host,
    "streams": streams,
}
assert crc16(b"123456789") == 0x29B1
assert crc32c(b"123456789") == 0xE3069283
assert len(frame2("ERR,14,2900,LONG," + long2)) == 128
assert len(frame("ERR,14,2900,LONG," + long_text)) == 128
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "vectors.json")
with open(path, "w") as f:
    json.dump(out, f, indent=1, ensure_ascii=True)
    f.write("\n")
print("wrote", os.path.normpath(path), len(dev), "device,", len(host), "host,", len(streams), "streams")
