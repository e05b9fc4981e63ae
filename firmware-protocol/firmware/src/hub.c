#include "hub.h"
#include "proto.h"

enum { M_HELLO, M_HB, M_SHOT, M_HIT, M_TILT, M_ERR_LOST, M_ERR_CFG };

/* 12 bytes; the frame is rebuilt on each send so RAM holds no text. */
typedef struct {
  uint32_t t_ms;
  uint32_t value; /* speed, strength, lost count; for TILT the angle as int16 */
  uint16_t seq;
  uint8_t type; /* M_*; 0xFF: free slot */
  uint8_t node; /* node index; TILT: bit 7 set for DOWN */
} slot_t;

typedef struct {
  slot_t slot[HUB_QUEUE_SIZE + 1]; /* the extra slot is only ever used by a HELLO */
  uint16_t last_tx_ms[HUB_QUEUE_SIZE + 1];
  uint32_t boot;
  uint32_t last_any_tx_ms;
  uint32_t lost;
  uint16_t next_seq;
  uint8_t linked;
  uint8_t ver; /* framing of what this hub sends: 1 from power-up, 2 after the host's VER,2 */
  uint8_t node_count;
  const hub_node_t *nodes;
  const char *fw;
  rx_t rx;
} hub_t;

static hub_t hub;
hub_config_t hub_config = {300, 50, 30};

static uint8_t used(void) {
  uint8_t n = 0;
  for (uint8_t i = 0; i <= HUB_QUEUE_SIZE; i++) n += hub.slot[i].type != 0xFF;
  return n;
}

static void send_slot(uint8_t i, uint32_t now_ms) {
  const slot_t *s = &hub.slot[i];
  frame_t f;
  frame_begin_v(&f, hub.ver);
  static const char *const names[] = {"HELLO", "HB", "SHOT", "HIT", "TILT", "ERR", "ERR"};
  frame_str(&f, names[s->type]);
  frame_char(&f, ',');
  frame_u32(&f, s->seq);
  frame_char(&f, ',');
  frame_u32(&f, s->t_ms);
  switch (s->type) {
    case M_HELLO:
      frame_char(&f, ',');
      frame_u32(&f, hub.ver);
      frame_char(&f, ',');
      frame_hex32(&f, hub.boot);
      frame_char(&f, ',');
      frame_str(&f, hub.fw);
      frame_char(&f, ',');
      for (uint8_t n = 0; n < hub.node_count; n++) {
        if (n) frame_char(&f, ';');
        frame_str(&f, hub.nodes[n].id);
        frame_char(&f, ':');
        frame_char(&f, hub.nodes[n].kind);
      }
      break;
    case M_SHOT:
      frame_char(&f, ',');
      frame_str(&f, hub.nodes[s->node].id);
      if (s->value != 0xFFFFFFFFu) {
        frame_char(&f, ',');
        frame_u32(&f, s->value);
      }
      break;
    case M_HIT:
      frame_char(&f, ',');
      frame_str(&f, hub.nodes[s->node].id);
      frame_char(&f, ',');
      frame_u32(&f, s->value);
      break;
    case M_TILT:
      frame_char(&f, ',');
      frame_str(&f, hub.nodes[s->node & 0x7F].id);
      frame_str(&f, (s->node & 0x80) ? ",DOWN," : ",UP,");
      frame_i16(&f, (int16_t)s->value);
      break;
    case M_ERR_LOST:
      frame_str(&f, ",LOST,");
      frame_u32(&f, s->value);
      break;
    case M_ERR_CFG:
      frame_str(&f, ",CFG,unknown key or bad value");
      break;
  }
  uint8_t len = frame_end(&f);
  hub.last_tx_ms[i] = (uint16_t)now_ms;
  hub.last_any_tx_ms = now_ms;
  if (len) hub_write(f.buf, len);
}

/* Queues a message; returns the slot or -1. Only a HELLO may take the last slot. */
static int8_t enqueue(uint8_t type, uint8_t node, uint32_t value, uint32_t now_ms) {
  uint8_t limit = type == M_HELLO ? HUB_QUEUE_SIZE + 1 : HUB_QUEUE_SIZE;
  uint8_t n = used();
  if (n >= limit) return -1;
  for (uint8_t i = 0; i <= HUB_QUEUE_SIZE; i++) {
    if (hub.slot[i].type != 0xFF) continue;
    slot_t *s = &hub.slot[i];
    s->type = type;
    s->node = node;
    s->value = value;
    s->seq = hub.next_seq++;
    s->t_ms = now_ms; /* the clock starts at power-up */
    if (hub.linked || type == M_HELLO) send_slot(i, now_ms);
    return (int8_t)i;
  }
  return -1;
}

static void hello(uint32_t now_ms) {
  for (uint8_t i = 0; i <= HUB_QUEUE_SIZE; i++) {
    if (hub.slot[i].type == M_HELLO) {
      send_slot(i, now_ms);
      return;
    }
  }
  enqueue(M_HELLO, 0, 0, now_ms);
}

void hub_start(uint32_t boot, const hub_node_t *nodes, uint8_t node_count, const char *fw, uint32_t now_ms) {
  for (uint8_t i = 0; i <= HUB_QUEUE_SIZE; i++) hub.slot[i].type = 0xFF;
  hub.boot = boot;
  hub.next_seq = 0;
  hub.linked = 0;
  hub.ver = 1;
  hub.lost = 0;
  hub.nodes = nodes;
  hub.node_count = node_count;
  hub.fw = fw;
  rx_init(&hub.rx);
  hello(now_ms);
}

static uint8_t reading(uint8_t type, uint8_t node, uint32_t value, uint32_t now_ms) {
  if (enqueue(type, node, value, now_ms) >= 0) return 1;
  hub.lost++;
  return 0;
}

uint8_t hub_shot(uint8_t node, uint32_t speed_mm_s, uint32_t now_ms) { return reading(M_SHOT, node, speed_mm_s, now_ms); }
uint8_t hub_hit(uint8_t node, uint16_t strength, uint32_t now_ms) { return reading(M_HIT, node, strength, now_ms); }
uint8_t hub_tilt(uint8_t node, uint8_t down, int16_t angle_deg, uint32_t now_ms) {
  return reading(M_TILT, (uint8_t)(node | (down ? 0x80 : 0)), (uint32_t)(uint16_t)angle_deg, now_ms);
}

static uint8_t set_u16(const char *text, uint16_t max, uint16_t *out) {
  uint32_t v = 0;
  if (!*text) return 0;
  for (; *text; text++) {
    if (*text < '0' || *text > '9') return 0;
    v = v * 10 + (uint32_t)(*text - '0');
    if (v > max) return 0;
  }
  *out = (uint16_t)v;
  return 1;
}

static uint8_t streq(const char *a, const char *b) {
  while (*a && *a == *b) a++, b++;
  return *a == *b;
}

void hub_rx(uint8_t byte, uint32_t now_ms) {
  host_cmd_t cmd;
  if (!rx_byte(&hub.rx, byte, &cmd)) return;
  if (cmd.kind == CMD_WHO) {
    hello(now_ms);
  } else if (cmd.kind == CMD_VER) {
    /* The host offers a version: speak the highest both know from now on (this power-up). */
    uint8_t ver = cmd.ver >= 2 ? 2 : 1;
    if (ver != hub.ver) {
      hub.ver = ver;
      /* A HELLO not yet acked said the old PROTO: the host may have stored it, so its SEQ must
       * not come back with other content. It is replaced by a new HELLO with a new SEQ. */
      for (uint8_t i = 0; i <= HUB_QUEUE_SIZE; i++)
        if (hub.slot[i].type == M_HELLO) hub.slot[i].type = 0xFF;
      hello(now_ms); /* linked or not: the host learns the new framing from this HELLO */
    }
  } else if (cmd.kind == CMD_ACK && cmd.boot == hub.boot) {
    for (uint8_t i = 0; i <= HUB_QUEUE_SIZE; i++) {
      slot_t *s = &hub.slot[i];
      if (s->type == 0xFF || s->seq != cmd.seq) continue;
      uint8_t was_hello = s->type == M_HELLO;
      s->type = 0xFF;
      if (was_hello && !hub.linked) {
        hub.linked = 1;
        /* Readings held back during the handshake go out now. */
        for (uint8_t j = 0; j <= HUB_QUEUE_SIZE; j++)
          if (hub.slot[j].type != 0xFF) send_slot(j, now_ms);
      }
      break;
    }
  } else if (cmd.kind == CMD_CFG) {
    uint8_t ok = 0;
    if (streq(cmd.key, "HIT_THRESHOLD")) ok = set_u16(cmd.value, 1023, &hub_config.hit_threshold);
    else if (streq(cmd.key, "HIT_DEAD_MS")) ok = set_u16(cmd.value, 5000, &hub_config.hit_dead_ms);
    else if (streq(cmd.key, "TILT_DEBOUNCE_MS")) ok = set_u16(cmd.value, 1000, &hub_config.tilt_debounce_ms);
    if (!ok && hub.linked) enqueue(M_ERR_CFG, 0, 0, now_ms);
  }
  /* SYNC: this hub keeps device time only. */
}

void hub_poll(uint32_t now_ms) {
  if (hub.lost && hub.linked && enqueue(M_ERR_LOST, 0, hub.lost, now_ms) >= 0) hub.lost = 0;
  for (uint8_t i = 0; i <= HUB_QUEUE_SIZE; i++) {
    if (hub.slot[i].type == 0xFF) continue;
    if (!hub.linked && hub.slot[i].type != M_HELLO) continue;
    if ((uint16_t)((uint16_t)now_ms - hub.last_tx_ms[i]) >= HUB_RETRANSMIT_MS) send_slot(i, now_ms);
  }
  if (hub.linked && now_ms - hub.last_any_tx_ms >= HUB_HEARTBEAT_MS) enqueue(M_HB, 0, 0, now_ms);
}

uint8_t hub_queued(void) { return used(); }
uint8_t hub_linked(void) { return hub.linked; }

#ifdef HUB_TEST
void hub_test_set_seq(uint16_t seq) { hub.next_seq = seq; }
#endif
