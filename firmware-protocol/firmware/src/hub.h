/* The hub's protocol logic, independent of pins and timers: queue, resend, HELLO gate,
 * LOST report, heartbeat, CFG. The platform feeds it bytes, readings and the clock, and
 * provides hub_write(). */
#ifndef SHAGOMER_HUB_H
#define SHAGOMER_HUB_H
#include <stdint.h>

/* Unacknowledged messages held in RAM: 32 x 12 bytes. */
#define HUB_QUEUE_SIZE 32
#define HUB_RETRANSMIT_MS 200
#define HUB_HEARTBEAT_MS 1000

typedef struct {
  const char *id;
  char kind; /* 'L', 'H', 'T' */
} hub_node_t;

typedef struct {
  uint16_t hit_threshold;    /* ADC counts 0..1023 */
  uint16_t hit_dead_ms;      /* ignore a target this long after a hit */
  uint16_t tilt_debounce_ms; /* a tilt switch must hold still this long */
} hub_config_t;

extern hub_config_t hub_config;

/* Platform hook: write bytes to the line (may block). */
void hub_write(const char *bytes, uint8_t len);

/* now_ms: milliseconds since power-up, the T_MS clock. */
void hub_start(uint32_t boot, const hub_node_t *nodes, uint8_t node_count, const char *fw, uint32_t now_ms);
void hub_rx(uint8_t byte, uint32_t now_ms);
/* Readings; node is an index into the node table. Return 0 if lost (queue full). */
uint8_t hub_shot(uint8_t node, uint32_t speed_mm_s, uint32_t now_ms); /* speed 0xFFFFFFFF: none */
uint8_t hub_hit(uint8_t node, uint16_t strength, uint32_t now_ms);
uint8_t hub_tilt(uint8_t node, uint8_t down, int16_t angle_deg, uint32_t now_ms);
/* Call often: resends, LOST report, heartbeat. */
void hub_poll(uint32_t now_ms);
uint8_t hub_queued(void);
uint8_t hub_linked(void);
#ifdef HUB_TEST
void hub_test_set_seq(uint16_t seq);
#endif
#endif
