/* Host-side driver for proto.c and hub.c: reads commands on stdin, prints what the hub
 * writes, so test/link/firmware.test.ts can hold the C code to vectors.json. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../src/hub.h"
#include "../src/proto.h"

void hub_write(const char *bytes, uint8_t len) {
  printf("tx %.*s\n", (int)(len - 1), bytes); /* without the final \n */
}

static hub_node_t nodes[12];
static char node_text[12][9];
static char fw_text[32];
static rx_t rx;

static int hex_nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static void print_cmd(const host_cmd_t *c) {
  switch (c->kind) {
    case CMD_ACK: printf("ok ACK %08lx %u\n", (unsigned long)c->boot, c->seq); break;
    case CMD_WHO: printf("ok WHO\n"); break;
    case CMD_SYNC: printf("ok SYNC %lu\n", (unsigned long)c->host_s); break;
    case CMD_CFG: printf("ok CFG %s %s\n", c->key, c->value); break;
    case CMD_VER: printf("ok VER %u\n", c->ver); break;
    case CMD_BAD_CRC: printf("bad-crc\n"); break;
    default: printf("malformed\n"); break;
  }
}

int main(void) {
  char line[1024];
  rx_init(&rx);
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = 0;
    char *arg = strchr(line, ' ');
    if (arg) *arg++ = 0;
    else arg = line + strlen(line);
    if (!strcmp(line, "crc")) {
      printf("%04X\n", proto_crc16(arg, (uint8_t)strlen(arg)));
    } else if (!strcmp(line, "crc32c")) {
      printf("%08lX\n", (unsigned long)proto_crc32c(arg, (uint8_t)strlen(arg)));
    } else if (!strcmp(line, "rx")) { /* hex bytes, through the device-side deframer */
      for (size_t i = 0; arg[i] && arg[i + 1]; i += 2) {
        host_cmd_t cmd;
        if (rx_byte(&rx, (uint8_t)(hex_nibble(arg[i]) * 16 + hex_nibble(arg[i + 1])), &cmd)) print_cmd(&cmd);
      }
    } else if (!strcmp(line, "start")) { /* start BOOTHEX FW NODES NOW_MS */
      char boot[16], spec[256];
      unsigned long now;
      spec[0] = 0;
      if (sscanf(arg, "%15s %31s %255s %lu", boot, fw_text, spec, &now) != 4) return 2;
      uint8_t n = 0;
      for (char *tok = strtok(spec, ";"); tok && n < 12; tok = strtok(NULL, ";"), n++) {
        char *colon = strchr(tok, ':');
        *colon = 0;
        strncpy(node_text[n], tok, 8);
        nodes[n].id = node_text[n];
        nodes[n].kind = colon[1];
      }
      hub_start((uint32_t)strtoul(boot, NULL, 16), nodes, n, fw_text, (uint32_t)now);
    } else if (!strcmp(line, "seq")) {
      hub_test_set_seq((uint16_t)atoi(arg));
    } else if (!strcmp(line, "shot")) { /* shot NODE SPEED|- NOW */
      unsigned node; char speed[16]; unsigned long now;
      sscanf(arg, "%u %15s %lu", &node, speed, &now);
      printf("%s\n", hub_shot((uint8_t)node, speed[0] == '-' ? 0xFFFFFFFFu : (uint32_t)strtoul(speed, NULL, 10), (uint32_t)now) ? "queued" : "lost");
    } else if (!strcmp(line, "hit")) { /* hit NODE STRENGTH NOW */
      unsigned node, strength; unsigned long now;
      sscanf(arg, "%u %u %lu", &node, &strength, &now);
      printf("%s\n", hub_hit((uint8_t)node, (uint16_t)strength, (uint32_t)now) ? "queued" : "lost");
    } else if (!strcmp(line, "tilt")) { /* tilt NODE UP|DOWN ANGLE NOW */
      unsigned node; char state[8]; int angle; unsigned long now;
      sscanf(arg, "%u %7s %d %lu", &node, state, &angle, &now);
      printf("%s\n", hub_tilt((uint8_t)node, state[0] == 'D', (int16_t)angle, (uint32_t)now) ? "queued" : "lost");
    } else if (!strcmp(line, "hostrx")) { /* hostrx NOW HEXBYTES: bytes to the hub */
      unsigned long now; char hex[512];
      sscanf(arg, "%lu %511s", &now, hex);
      for (size_t i = 0; hex[i] && hex[i + 1]; i += 2) hub_rx((uint8_t)(hex_nibble(hex[i]) * 16 + hex_nibble(hex[i + 1])), (uint32_t)now);
    } else if (!strcmp(line, "poll")) {
      hub_poll((uint32_t)strtoul(arg, NULL, 10));
    } else if (!strcmp(line, "queued")) {
      printf("queued %u linked %u threshold %u\n", hub_queued(), hub_linked(), hub_config.hit_threshold);
    }
    printf(".\n");
    fflush(stdout);
  }
  return 0;
}
