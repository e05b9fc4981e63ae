/* Wire protocol v1 and v2 for the hub, portable C99 (AVR and host). See ../../PROTOCOL.md.
 * v1 frames end "*CRC16\n"; v2 frames (after the host's VER,2) end "*LLCRC32C\n". */
#ifndef SHAGOMER_PROTO_H
#define SHAGOMER_PROTO_H
#include <stdint.h>

/* The highest version this hub speaks; it starts each power-up in v1. */
#define PROTO_VERSION 2
#define PROTO_MAX_FRAME 128
/* Host commands are short; a longer host frame is refused (the host never sends one). */
#define PROTO_RX_MAX 64

uint16_t proto_crc16(const char *p, uint8_t n);
/* CRC-32C (Castagnoli, reflected 0x82F63B78, init and final xor 0xFFFFFFFF): "123456789" -> E3069283. */
uint32_t proto_crc32c(const char *p, uint8_t n);

/* Builds "$BODY*CRC\n" in place. Appends beyond PROTO_MAX_FRAME set `overflow`. */
typedef struct {
  char buf[PROTO_MAX_FRAME + 1];
  uint8_t len;
  uint8_t overflow;
  uint8_t ver; /* 1: "*CRC16", 2: "*LL" + CRC-32C */
} frame_t;

void frame_begin(frame_t *f);
void frame_begin_v(frame_t *f, uint8_t ver);
void frame_char(frame_t *f, char c);
void frame_str(frame_t *f, const char *s);
void frame_u32(frame_t *f, uint32_t v);
void frame_i16(frame_t *f, int16_t v);
void frame_hex32(frame_t *f, uint32_t v);
/* Closes the frame; returns its length, or 0 if it did not fit. */
uint8_t frame_end(frame_t *f);

/* Host -> device commands. */
enum { CMD_NONE, CMD_ACK, CMD_WHO, CMD_SYNC, CMD_CFG, CMD_BAD_CRC, CMD_MALFORMED, CMD_VER };
typedef struct {
  uint8_t kind;
  uint32_t boot;     /* ACK */
  uint16_t seq;      /* ACK */
  uint32_t host_s;   /* SYNC: host Unix time in seconds (ms do not fit in 32 bits) */
  char key[25];      /* CFG */
  char value[33];    /* CFG */
  uint16_t ver;      /* VER: the version the host offers */
} host_cmd_t;

/* Streaming deframer for host frames: one byte in, at most one command out. */
typedef struct {
  char buf[PROTO_RX_MAX];
  uint8_t len;
  uint8_t in_frame;
} rx_t;

void rx_init(rx_t *r);
/* Returns 1 and fills *cmd when the byte ends a frame (good or not). */
uint8_t rx_byte(rx_t *r, uint8_t c, host_cmd_t *cmd);
#endif
