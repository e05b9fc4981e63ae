#include "proto.h"

uint16_t proto_crc16(const char *p, uint8_t n) {
  uint16_t crc = 0xFFFF;
  while (n--) {
    crc ^= (uint16_t)(uint8_t)*p++ << 8;
    for (uint8_t i = 0; i < 8; i++) crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x1021) : (uint16_t)(crc << 1);
  }
  return crc;
}

uint32_t proto_crc32c(const char *p, uint8_t n) {
  uint32_t crc = 0xFFFFFFFFu;
  while (n--) {
    crc ^= (uint8_t)*p++;
    for (uint8_t i = 0; i < 8; i++) crc = (crc & 1) ? (crc >> 1) ^ 0x82F63B78u : crc >> 1;
  }
  return ~crc;
}

void frame_begin_v(frame_t *f, uint8_t ver) {
  f->buf[0] = '$';
  f->len = 1;
  f->overflow = 0;
  f->ver = ver == 2 ? 2 : 1;
}

void frame_begin(frame_t *f) { frame_begin_v(f, 1); }

void frame_char(frame_t *f, char c) {
  /* Room is kept for the check: v1 "*CRC\n" (BODY up to 121), v2 "*LLCRC32C\n" (BODY up to 115). */
  if (f->len >= PROTO_MAX_FRAME - (f->ver == 2 ? 12 : 6)) {
    f->overflow = 1;
    return;
  }
  f->buf[f->len++] = c;
}

void frame_str(frame_t *f, const char *s) {
  while (*s) frame_char(f, *s++);
}

void frame_u32(frame_t *f, uint32_t v) {
  char digits[10];
  uint8_t n = 0;
  do {
    digits[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  while (n) frame_char(f, digits[--n]);
}

void frame_i16(frame_t *f, int16_t v) {
  if (v < 0) {
    frame_char(f, '-');
    frame_u32(f, (uint32_t)(-(int32_t)v));
  } else {
    frame_u32(f, (uint32_t)v);
  }
}

static const char HEX[] = "0123456789ABCDEF";

void frame_hex32(frame_t *f, uint32_t v) {
  for (int8_t shift = 28; shift >= 0; shift -= 4) frame_char(f, HEX[(v >> shift) & 0xF]);
}

uint8_t frame_end(frame_t *f) {
  if (f->overflow) return 0;
  if (f->ver == 2) {
    uint8_t n = (uint8_t)(f->len - 1);
    uint32_t crc = proto_crc32c(f->buf + 1, n);
    f->buf[f->len++] = '*';
    f->buf[f->len++] = HEX[n >> 4];
    f->buf[f->len++] = HEX[n & 0xF];
    for (int8_t shift = 28; shift >= 0; shift -= 4) f->buf[f->len++] = HEX[(crc >> shift) & 0xF];
    f->buf[f->len++] = '\n';
    f->buf[f->len] = 0;
    return f->len;
  }
  uint16_t crc = proto_crc16(f->buf + 1, (uint8_t)(f->len - 1));
  f->buf[f->len++] = '*';
  for (int8_t shift = 12; shift >= 0; shift -= 4) f->buf[f->len++] = HEX[(crc >> shift) & 0xF];
  f->buf[f->len++] = '\n';
  f->buf[f->len] = 0;
  return f->len;
}

void rx_init(rx_t *r) {
  r->len = 0;
  r->in_frame = 0;
}

static int8_t hex_value(char c) {
  if (c >= '0' && c <= '9') return (int8_t)(c - '0');
  if (c >= 'A' && c <= 'F') return (int8_t)(c - 'A' + 10);
  if (c >= 'a' && c <= 'f') return (int8_t)(c - 'a' + 10);
  return -1;
}

/* Unsigned decimal field [p, end): 1..max_digits digits, value <= max. */
static uint8_t parse_u32(const char *p, const char *end, uint8_t max_digits, uint32_t max, uint32_t *out) {
  uint8_t n = (uint8_t)(end - p);
  if (n == 0 || n > max_digits) return 0;
  uint32_t v = 0;
  for (; p < end; p++) {
    if (*p < '0' || *p > '9') return 0;
    uint32_t d = (uint32_t)(*p - '0');
    if (v > (max - d) / 10) return 0;
    v = v * 10 + d;
  }
  *out = v;
  return 1;
}

static uint8_t equals(const char *p, const char *end, const char *word) {
  while (p < end && *word && *p == *word) p++, word++;
  return p == end && *word == 0;
}

static uint8_t copy_field(const char *p, const char *end, char *out, uint8_t cap) {
  uint8_t n = (uint8_t)(end - p);
  if (n >= cap) return 0;
  for (uint8_t i = 0; i < n; i++) out[i] = p[i];
  out[n] = 0;
  return 1;
}

static uint8_t parse_body(const char *body, uint8_t n, host_cmd_t *cmd) {
  const char *f[4];
  const char *end[4];
  uint8_t count = 0;
  const char *start = body;
  for (uint8_t i = 0; i <= n; i++) {
    if (i == n || body[i] == ',') {
      if (count == 4) return CMD_MALFORMED;
      f[count] = start;
      end[count] = body + i;
      count++;
      start = body + i + 1;
    }
  }
  uint32_t v;
  if (count == 3 && equals(f[0], end[0], "ACK")) {
    if (end[1] - f[1] != 8) return CMD_MALFORMED;
    uint32_t boot = 0;
    for (const char *p = f[1]; p < end[1]; p++) {
      int8_t h = hex_value(*p);
      if (h < 0) return CMD_MALFORMED;
      boot = (boot << 4) | (uint8_t)h;
    }
    if (!parse_u32(f[2], end[2], 5, 65535, &v)) return CMD_MALFORMED;
    cmd->boot = boot;
    cmd->seq = (uint16_t)v;
    return CMD_ACK;
  }
  if (count == 1 && equals(f[0], end[0], "WHO")) return CMD_WHO;
  if (count == 2 && equals(f[0], end[0], "VER")) {
    if (!parse_u32(f[1], end[1], 5, 65535, &v) || v == 0) return CMD_MALFORMED;
    cmd->ver = (uint16_t)v;
    return CMD_VER;
  }
  if (count == 2 && equals(f[0], end[0], "SYNC")) {
    /* Up to 13 digits of ms; keep seconds: drop the last three digits. */
    uint8_t digits = (uint8_t)(end[1] - f[1]);
    if (digits == 0 || digits > 13) return CMD_MALFORMED;
    for (const char *p = f[1]; p < end[1]; p++)
      if (*p < '0' || *p > '9') return CMD_MALFORMED;
    if (digits <= 3) v = 0;
    else if (!parse_u32(f[1], end[1] - 3, 10, 0xFFFFFFFFu, &v)) return CMD_MALFORMED;
    cmd->host_s = v;
    return CMD_SYNC;
  }
  if (count == 3 && equals(f[0], end[0], "CFG")) {
    if (f[1] == end[1] || *f[1] < 'A' || *f[1] > 'Z') return CMD_MALFORMED;
    for (const char *p = f[1]; p < end[1]; p++)
      if (!((*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_')) return CMD_MALFORMED;
    if (!copy_field(f[1], end[1], cmd->key, sizeof cmd->key)) return CMD_MALFORMED;
    if (!copy_field(f[2], end[2], cmd->value, sizeof cmd->value)) return CMD_MALFORMED;
    return CMD_CFG;
  }
  return CMD_MALFORMED;
}

static uint8_t hex_field(const char *p, uint8_t n, uint32_t *out) {
  uint32_t v = 0;
  for (uint8_t i = 0; i < n; i++) {
    int8_t h = hex_value(p[i]);
    if (h < 0) return 0;
    v = (v << 4) | (uint8_t)h;
  }
  *out = v;
  return 1;
}

/* buf holds '$' BODY '*' HHHH ['\r'] '\n' (v1) or '$' BODY '*' LL HHHHHHHH ['\r'] '\n' (v2).
 * Sets *body_len. */
static uint8_t finish(rx_t *r, uint8_t *body_len) {
  uint8_t end = (uint8_t)(r->len - 1);
  if (end > 0 && r->buf[end - 1] == '\r') end--;
  uint8_t star;
  uint32_t wire;
  if (end >= 6 && r->buf[end - 5] == '*') {
    star = (uint8_t)(end - 5);
    if (!hex_field(r->buf + star + 1, 4, &wire)) return CMD_MALFORMED;
    if (proto_crc16(r->buf + 1, (uint8_t)(star - 1)) != (uint16_t)wire) return CMD_BAD_CRC;
  } else if (end >= 12 && r->buf[end - 11] == '*') {
    star = (uint8_t)(end - 11);
    uint32_t len;
    if (!hex_field(r->buf + star + 1, 2, &len) || !hex_field(r->buf + star + 3, 8, &wire)) return CMD_MALFORMED;
    if (len != (uint32_t)(star - 1)) return CMD_MALFORMED;
    if (proto_crc32c(r->buf + 1, (uint8_t)(star - 1)) != wire) return CMD_BAD_CRC;
  } else {
    return CMD_MALFORMED;
  }
  for (uint8_t i = 1; i < star; i++)
    if (r->buf[i] < 0x20 || r->buf[i] > 0x7E || r->buf[i] == '*') return CMD_MALFORMED;
  *body_len = (uint8_t)(star - 1);
  return CMD_NONE;
}

uint8_t rx_byte(rx_t *r, uint8_t c, host_cmd_t *cmd) {
  if (c == '$') {
    uint8_t cut = r->in_frame && r->len > 1;
    r->buf[0] = '$';
    r->len = 1;
    r->in_frame = 1;
    if (cut) {
      cmd->kind = CMD_MALFORMED;
      return 1;
    }
    return 0;
  }
  if (!r->in_frame) return 0;
  if (r->len >= PROTO_RX_MAX) {
    r->in_frame = 0;
    r->len = 0;
    cmd->kind = CMD_MALFORMED;
    return 1;
  }
  r->buf[r->len++] = (char)c;
  if (c != '\n') return 0;
  r->in_frame = 0;
  uint8_t body_len = 0;
  uint8_t kind = finish(r, &body_len);
  if (kind == CMD_NONE) kind = parse_body(r->buf + 1, body_len, cmd);
  r->len = 0;
  cmd->kind = kind;
  return 1;
}
