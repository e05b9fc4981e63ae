/* Runs the hub firmware under libsimavr (Debian's libsimavr2, 1.6) and joins its UART0 to a
 * serial device (one end of a socat pty pair), so `shagomer link` talks to the real firmware.
 * It also presses launcher L1 (PD2) PRESSES times, paced in simulated time (instructions
 * run), never wall time: under load the simulation runs slower than real time, and a press
 * shorter than the firmware's 20 ms debounce would vanish. Each press is held until the
 * firmware has sent a SHOT frame.
 *
 * Debian ships the library without headers, so the few calls used are declared here from
 * the library's public API; `avr_t` and `elf_firmware_t` stay opaque except the firmware's
 * frequency field (offset 64, checked against this libsimavr build by disassembly).
 *
 * usage: simavr-bridge FIRMWARE.elf SERIAL_PATH PRESSES */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

typedef struct avr_t avr_t;
typedef struct avr_irq_t avr_irq_t;
typedef void (*irq_notify_t)(avr_irq_t *irq, uint32_t value, void *param);
avr_t *avr_make_mcu_by_name(const char *name);
int avr_init(avr_t *avr);
int elf_read_firmware(const char *file, void *firmware);
void avr_load_firmware(avr_t *avr, void *firmware);
int avr_run(avr_t *avr);
avr_irq_t *avr_io_getirq(avr_t *avr, uint32_t ctl, int index);
int avr_ioctl(avr_t *avr, uint32_t ctl, void *io_param);
void avr_irq_register_notify(avr_irq_t *irq, irq_notify_t notify, void *param);
void avr_raise_irq(avr_irq_t *irq, uint32_t value);

#define IOCTL(a, b, c, d) (((uint32_t)(a) << 24) | ((uint32_t)(b) << 16) | ((uint32_t)(c) << 8) | (uint32_t)(d))
enum { UART_IRQ_INPUT = 0, UART_IRQ_OUTPUT = 1, UART_IRQ_OUT_XON = 2, UART_IRQ_OUT_XOFF = 3 };
enum { CPU_DONE = 6, CPU_CRASHED = 7 };
#define FIRMWARE_FREQUENCY_OFFSET 64
/* ~16 cycles/µs and 1-3 cycles per instruction: 2M steps are well over 100 ms of AVR time. */
#define STEPS_BEFORE_FIRST_PRESS 4000000L
#define STEPS_BETWEEN_PRESSES 2000000L

static int fd = -1;
static int uart_ready = 1;
static int shots_seen = 0;
static const char shot_tag[] = "$SHOT,";
static unsigned shot_match = 0;

/* Counts SHOT messages by SEQ, not transmissions: a resend (slow ACK under load) must not count
 * as the next press, or the bridge would release that press before the firmware saw it. */
static long shot_seq = -1, last_shot_seq = -1;
static void on_uart_out(avr_irq_t *irq, uint32_t value, void *param) {
  (void)irq, (void)param;
  uint8_t b = (uint8_t)value;
  if (shot_seq >= 0) {
    if (b >= '0' && b <= '9') shot_seq = shot_seq * 10 + (b - '0');
    else {
      if (shot_seq > last_shot_seq) {
        last_shot_seq = shot_seq;
        shots_seen++;
      }
      shot_seq = -1;
    }
  }
  shot_match = (b == (uint8_t)shot_tag[shot_match]) ? shot_match + 1 : (b == '$' ? 1 : 0);
  if (shot_tag[shot_match] == 0) {
    shot_seq = 0;
    shot_match = 0;
  }
  if (write(fd, &b, 1) < 0) { /* host gone: the firmware resends anyway */
  }
}
static void on_xon(avr_irq_t *irq, uint32_t v, void *p) { (void)irq, (void)v, (void)p, uart_ready = 1; }
static void on_xoff(avr_irq_t *irq, uint32_t v, void *p) { (void)irq, (void)v, (void)p, uart_ready = 0; }

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: simavr-bridge FIRMWARE.elf SERIAL_PATH PRESSES\n");
    return 2;
  }
  int presses = atoi(argv[3]);
  static uint8_t firmware[1 << 16]; /* elf_firmware_t, larger than any version of it */
  if (elf_read_firmware(argv[1], firmware) != 0) {
    fprintf(stderr, "simavr-bridge: cannot read %s\n", argv[1]);
    return 2;
  }
  uint32_t hz = 16000000;
  memcpy(firmware + FIRMWARE_FREQUENCY_OFFSET, &hz, sizeof hz);
  avr_t *avr = avr_make_mcu_by_name("atmega328p");
  if (!avr) return 2;
  avr_init(avr);
  avr_load_firmware(avr, firmware);

  fd = open(argv[2], O_RDWR | O_NOCTTY | O_NONBLOCK);
  if (fd < 0) {
    perror(argv[2]);
    return 2;
  }
  struct termios t;
  if (tcgetattr(fd, &t) == 0) {
    cfmakeraw(&t);
    tcsetattr(fd, TCSANOW, &t);
  }
  uint32_t flags = 0; /* no stdio echo, no poll-sleep */
  avr_ioctl(avr, IOCTL('u', 'a', 's', '0'), &flags);
  avr_irq_register_notify(avr_io_getirq(avr, IOCTL('u', 'a', 'r', '0'), UART_IRQ_OUTPUT), on_uart_out, NULL);
  avr_irq_register_notify(avr_io_getirq(avr, IOCTL('u', 'a', 'r', '0'), UART_IRQ_OUT_XON), on_xon, NULL);
  avr_irq_register_notify(avr_io_getirq(avr, IOCTL('u', 'a', 'r', '0'), UART_IRQ_OUT_XOFF), on_xoff, NULL);
  avr_irq_t *uart_in = avr_io_getirq(avr, IOCTL('u', 'a', 'r', '0'), UART_IRQ_INPUT);
  avr_irq_t *pd2 = avr_io_getirq(avr, IOCTL('i', 'o', 'g', 'D'), 2);
  avr_raise_irq(pd2, 1);

  uint8_t in[256];
  int in_len = 0, in_pos = 0;
  int pressed = 0, done_presses = 0;
  long next_press_step = STEPS_BEFORE_FIRST_PRESS;
  for (long step = 0;; step++) {
    int state = avr_run(avr);
    if (state == CPU_DONE || state == CPU_CRASHED) {
      fprintf(stderr, "simavr-bridge: firmware stopped (state %d)\n", state);
      return 1;
    }
    if (!pressed && done_presses < presses && step >= next_press_step) {
      avr_raise_irq(pd2, 0);
      pressed = 1;
    } else if (pressed && shots_seen > done_presses) {
      avr_raise_irq(pd2, 1);
      pressed = 0;
      done_presses++;
      next_press_step = step + STEPS_BETWEEN_PRESSES;
    }
    if (step % 2000) continue;
    if (in_pos == in_len) {
      ssize_t n = read(fd, in, sizeof in);
      in_len = n > 0 ? (int)n : 0;
      in_pos = 0;
    }
    while (in_pos < in_len && uart_ready) avr_raise_irq(uart_in, in[in_pos++]);
  }
}
