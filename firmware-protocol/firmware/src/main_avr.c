/* ATmega328P @ 16 MHz (Arduino Uno/Nano pinout) hub: pins, timer, UART; protocol in hub.c.
 *   A0..A2  piezo hit sensors H1..H3 (with a 1 MOhm bleed resistor to GND)
 *   D2, D3  launcher trigger switches L1, L2 (to GND, internal pull-up)
 *   D4, D5  tilt switches T1, T2 (closed to GND = fallen over)
 *   A5      left floating: ADC noise seeds BOOT, with a per-power-up EEPROM counter */
#include <avr/eeprom.h>
#include <avr/interrupt.h>
#include <avr/io.h>
#include "hub.h"

#define BAUD_UBRR 16 /* 115200 with U2X at 16 MHz: -2.1 % / +0.8 %, within UART tolerance */
#define RX_RING 64
#define LAUNCHER_DEBOUNCE_MS 20
#define HIT_PEAK_WINDOW_MS 3

static const hub_node_t nodes[] = {
    {"L1", 'L'}, {"L2", 'L'}, {"H1", 'H'}, {"H2", 'H'}, {"H3", 'H'}, {"T1", 'T'}, {"T2", 'T'},
};
enum { N_L1, N_L2, N_H1, N_H2, N_H3, N_T1, N_T2, N_COUNT };

static volatile uint32_t ms_now;
static volatile uint8_t rx_ring[RX_RING];
static volatile uint8_t rx_head, rx_tail;
static uint32_t EEMEM boot_counter;

ISR(TIMER0_COMPA_vect) { ms_now++; }

ISR(USART_RX_vect) {
  uint8_t c = UDR0;
  uint8_t next = (uint8_t)((rx_head + 1) % RX_RING);
  if (next != rx_tail) { /* a full ring drops the byte: the host resends, the CRC catches it */
    rx_ring[rx_head] = c;
    rx_head = next;
  }
}

static uint32_t millis(void) {
  uint32_t t;
  cli();
  t = ms_now;
  sei();
  return t;
}

void hub_write(const char *bytes, uint8_t len) {
  while (len--) {
    while (!(UCSR0A & _BV(UDRE0))) {
    }
    UDR0 = (uint8_t)*bytes++;
  }
}

static uint16_t adc_read(uint8_t channel) {
  ADMUX = (uint8_t)(_BV(REFS0) | (channel & 7));
  ADCSRA |= _BV(ADSC);
  while (ADCSRA & _BV(ADSC)) {
  }
  return ADC;
}

static uint32_t random_boot(void) {
  uint32_t count = eeprom_read_dword(&boot_counter) + 1;
  eeprom_write_dword(&boot_counter, count);
  uint32_t h = 2166136261u ^ count;
  for (uint8_t i = 0; i < 32; i++) h = (h ^ (adc_read(5) & 0xF) ^ TCNT0) * 16777619u;
  return h;
}

/* Piezo: a burst above threshold is one hit; its peak is the strength; then dead time. */
typedef struct {
  uint16_t peak;
  uint32_t since_ms;
  uint32_t dead_until_ms;
  uint8_t active;
} piezo_t;

/* Switch debounce: the level must hold for `hold_ms` before it counts. */
typedef struct {
  uint8_t stable;
  uint8_t last;
  uint32_t changed_ms;
} switch_t;

static uint8_t debounce(switch_t *s, uint8_t level, uint32_t now, uint16_t hold_ms) {
  if (level != s->last) {
    s->last = level;
    s->changed_ms = now;
  }
  if (level != s->stable && now - s->changed_ms >= hold_ms) {
    s->stable = level;
    return 1;
  }
  return 0;
}

int main(void) {
  /* Timer0: CTC, /64, 250 counts = 1 ms. */
  TCCR0A = _BV(WGM01);
  TCCR0B = _BV(CS01) | _BV(CS00);
  OCR0A = 249;
  TIMSK0 = _BV(OCIE0A);
  UCSR0A = _BV(U2X0);
  UBRR0 = BAUD_UBRR;
  UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
  UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
  ADCSRA = _BV(ADEN) | _BV(ADPS2) | _BV(ADPS1); /* /64: 250 kHz, ~52 us per sample */
  DDRD &= (uint8_t)~(_BV(PD2) | _BV(PD3) | _BV(PD4) | _BV(PD5));
  PORTD |= _BV(PD2) | _BV(PD3) | _BV(PD4) | _BV(PD5);
  sei();

  static piezo_t piezo[3];
  static switch_t launcher[2], tilt[2];
  for (uint8_t i = 0; i < 2; i++) {
    launcher[i].stable = launcher[i].last = 1;
    uint8_t level = (uint8_t)((PIND >> (PD4 + i)) & 1);
    tilt[i].stable = tilt[i].last = level;
  }
  hub_start(random_boot(), nodes, N_COUNT, "ref-1.0", millis());

  for (;;) {
    uint32_t now = millis();
    while (rx_tail != rx_head) {
      uint8_t c = rx_ring[rx_tail];
      rx_tail = (uint8_t)((rx_tail + 1) % RX_RING);
      hub_rx(c, now);
    }
    for (uint8_t i = 0; i < 2; i++) {
      if (debounce(&launcher[i], (uint8_t)((PIND >> (PD2 + i)) & 1), now, LAUNCHER_DEBOUNCE_MS) && !launcher[i].stable)
        hub_shot((uint8_t)(N_L1 + i), 0xFFFFFFFFu, now);
      if (debounce(&tilt[i], (uint8_t)((PIND >> (PD4 + i)) & 1), now, hub_config.tilt_debounce_ms)) {
        uint8_t down = !tilt[i].stable;
        hub_tilt((uint8_t)(N_T1 + i), down, down ? 90 : 0, now);
      }
    }
    for (uint8_t i = 0; i < 3; i++) {
      piezo_t *p = &piezo[i];
      if (now < p->dead_until_ms) continue;
      uint16_t v = adc_read(i);
      if (!p->active && v >= hub_config.hit_threshold) {
        p->active = 1;
        p->peak = v;
        p->since_ms = now;
      } else if (p->active) {
        if (v > p->peak) p->peak = v;
        if (now - p->since_ms >= HIT_PEAK_WINDOW_MS) {
          hub_hit((uint8_t)(N_H1 + i), p->peak, now);
          p->active = 0;
          p->dead_until_ms = now + hub_config.hit_dead_ms;
        }
      }
    }
    hub_poll(now);
  }
}
