/* Wire protocol v1 for the hub, portable C99 (AVR and host). See ../../PROTOCOL.md. */
#ifndef SHAGOMER_PROTO_H
#define SHAGOMER_PROTO_H
#include <stdint.h>

#define PROTO_VERSION 1
#define PROTO_MAX_FRAME 128
/* Host commands are short; a longer host frame is refused (the host never sends one). */
#define PROTO_RX_MAX 64

uint16_t proto_crc16(const char *p, uint8_t n);

/* Builds "$BODY*CRC\n" in place. Appends beyond PROTO_MAX_FRAME set `overflow`. */
typedef struct {
  char buf[PROTO_MAX_FRAME + 1];
  uint8_t len;
  uint8_t overflow;
} frame_t;

void frame_begin(frame_t *f);
void frame_char(frame_t *f, char c);
void frame_str(frame_t *f, const char *s);
void frame_u32(frame_t *f, uint32_t v);
void frame_i16(frame_t *f, int16_t v);
void frame_hex32(frame_t *f, uint32_t v);
/* Closes the frame; returns its length, or 0 if it did not fit. */
uint8_t frame_end(frame_t *f);

/* Host -> device commands. */
enum { CMD_NONE, CMD_ACK, CMD_WHO, CMD_SYNC, CMD_CFG, CMD_BAD_CRC, CMD_MALFORMED };
typedef struct {
  uint8_t kind;
  uint32_t boot;     /* ACK */
  uint16_t seq;      /* ACK */
  uint32_t host_s;   /* SYNC: host Unix time in seconds (ms do not fit in 32 bits) */
  char key[25];      /* CFG */
  char value[33];    /* CFG */
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
