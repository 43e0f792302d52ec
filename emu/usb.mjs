// The USB host: enumerates the device as a real host would far enough for
// its CDC ports to carry bytes (address, configuration descriptor, configuration,
// DTR|RTS on every CDC interface). MicroPython has one CDC port; CircuitPython's
// composite device has the console CDC, mass storage, HID, MIDI and (when boot.py
// asks) a second, data CDC: port 0 is the first CDC interface, port 1 the second.
// The other interfaces are enumerated and left alone (nothing mounts the drive).
const CDC_DATA_CLASS = 10, CDC_COMM_CLASS = 2;

function cdcPorts(desc) {
  // [{comm, in, out}] in descriptor order: the data interface's bulk endpoints,
  // the comm interface before it (the one SET_CONTROL_LINE_STATE goes to).
  const out = [];
  let comm = -1, cur = null;
  for (let i = 0; i + 1 < desc.length;) {
    const len = desc[i], type = desc[i + 1];
    if (len < 2 || i + len > desc.length) break;
    if (type === 4 && len >= 9) {       // interface
      const number = desc[i + 2], cls = desc[i + 5];
      cur = null;
      if (cls === CDC_COMM_CLASS) comm = number;
      else if (cls === CDC_DATA_CLASS && desc[i + 4] === 2) {
        cur = { comm: comm >= 0 ? comm : number, in: -1, out: -1 };
        out.push(cur);
      }
    } else if (type === 5 && len >= 7 && cur && (desc[i + 3] & 3) === 2) {   // bulk endpoint
      if (desc[i + 2] & 0x80) cur.in = desc[i + 2] & 0xf; else cur.out = desc[i + 2] & 0xf;
    }
    i += len;
  }
  return out;
}

function setup(dirIn, type, recipient, request, value, index, length) {
  return Uint8Array.of((dirIn ? 0x80 : 0) | (type << 5) | recipient, request, value & 0xff, value >> 8,
                       index & 0xff, index >> 8, length & 0xff, length >> 8);
}

export class UsbHost {
  // send(event) reports to the driver; now() is the emulated time in microseconds.
  constructor(usb, send, now) {
    this.usb = usb;
    this.send = send;
    this.now = now;
    this.state = 'reset';
    this.size = 0;
    this.desc = [];
    this.ports = [];          // cdcPorts(), once configured
    this.pending = new Map(); // OUT endpoint -> size armed by the device, waiting for host data
    this.toDevice = [[], []]; // per port: bytes from the host not yet taken by the device
    this.pushed = [0, 0];     // per port: bytes the host has pushed so far...
    this.taken = [0, 0];      // ...and the device has taken
    this.marks = [[], []];    // per port: [pushed, id], said as a `taken` event once the device has them all
    this.lineIndex = 0;
    usb.onUSBEnabled = () => usb.resetDevice();
    usb.onResetReceived = () => { this.state = 'address'; usb.sendSetupPacket(setup(false, 0, 0, 5, 1, 0, 0)); };
    usb.onEndpointWrite = (endpoint, buffer) => this.fromDevice(endpoint, buffer);
    usb.onEndpointRead = (endpoint, size) => {
      if (!this.ports.some((p) => p.out === endpoint)) return;
      this.pending.set(endpoint, size);
      this.feed();
    };
  }

  fromDevice(endpoint, buffer) {
    if (endpoint !== 0) {
      const port = this.ports.findIndex((p) => p.in === endpoint);
      if (port >= 0) this.send({ ev: 'serial', t: this.now(), port, hex: Buffer.from(buffer).toString('hex') });
      return;
    }
    const usb = this.usb;
    switch (this.state) {
      case 'address':
        if (buffer.length) return;
        this.state = 'config9';
        usb.sendSetupPacket(setup(true, 0, 0, 6, 0x200, 0, 9));
        return;
      case 'config9':
        if (buffer.length < 4) return;
        this.size = buffer[2] | (buffer[3] << 8);
        this.desc = [];
        this.state = 'config';
        usb.sendSetupPacket(setup(true, 0, 0, 6, 0x200, 0, this.size));
        return;
      case 'config':
        this.desc.push(...buffer);
        if (this.desc.length < this.size) return;
        this.ports = cdcPorts(this.desc);
        this.state = 'configure';
        usb.sendSetupPacket(setup(false, 0, 0, 9, 1, 0, 0));
        return;
      case 'configure':
      case 'line':
        if (buffer.length) return;
        if (this.lineIndex < this.ports.length) {
          // SET_CONTROL_LINE_STATE, DTR | RTS: a terminal opened each port
          this.state = 'line';
          usb.sendSetupPacket(setup(false, 1, 1, 0x22, 3, this.ports[this.lineIndex++].comm, 0));
          return;
        }
        this.state = 'ready';
        this.send({ ev: 'usb', t: this.now(), ports: this.ports.length });
        return;
      default:
    }
  }

  // `id`: a `taken` event (its emulated time) once the device has taken the last
  // of these bytes, so the driver can count the board's own time from there.
  push(port, bytes, id) {
    if (port < 0 || port > 1) return;
    for (const b of bytes) this.toDevice[port].push(b);
    this.pushed[port] += bytes.length;
    if (id != null) this.marks[port].push([this.pushed[port], id]);
    this.report(port);
    this.feed();
  }

  report(port) {
    const marks = this.marks[port];
    while (marks.length && marks[0][0] <= this.taken[port]) {
      this.send({ ev: 'taken', t: this.now(), port, id: marks.shift()[1] });
    }
  }

  feed() {
    for (let port = 0; port < this.ports.length && port < 2; port++) {
      const ep = this.ports[port].out, q = this.toDevice[port];
      if (!q.length || !this.pending.has(ep)) continue;
      const n = Math.min(this.pending.get(ep), q.length);
      this.pending.delete(ep);
      this.usb.endpointReadDone(ep, Uint8Array.from(q.splice(0, n)));
      this.taken[port] += n;
      this.report(port);
    }
  }

  isIn(endpoint) { return endpoint > 0 && this.ports.some((p) => p.in === endpoint); }
}

// A host that stops reading: an IN transfer the device arms on the CDC data
// endpoint is held (its AVAILABLE bit stays set, as on a real bus where no IN
// token comes), and replayed when the host reads again.
const EP0_IN_BUFFER_CONTROL = 0x80;
const USB_BUF_CTRL_AVAILABLE = 1 << 10;

export class InStall {
  constructor() {
    this.on = false;           // the host takes no IN packets (stall_in)
    this.held = new Map();     // IN buffer-control offset -> the value the device armed it with
    this.bytes = 0;            // the bytes of the IN transfers held
  }

  reset() {
    this.held.clear();
    this.bytes = 0;
  }

  install(chip, cdc) {
    const usb = chip.usbCtrl;
    const updated = usb.DPRAMUpdated.bind(usb);
    usb.DPRAMUpdated = (offset, value) => {
      if (this.on && cdc && offset >= EP0_IN_BUFFER_CONTROL && offset < EP0_IN_BUFFER_CONTROL + 128 &&
          (offset & 7) === 0 && cdc.isIn((offset - EP0_IN_BUFFER_CONTROL) >> 3) && (value & USB_BUF_CTRL_AVAILABLE)) {
        if (!this.held.has(offset)) this.bytes += value & 0x3ff;
        this.held.set(offset, value);
        return;
      }
      updated(offset, value);
    };
    usb.releaseHeldIn = () => {
      for (const offset of this.held.keys()) {
        const value = chip.usbDPRAMView.getUint32(offset, true);
        if (value & USB_BUF_CTRL_AVAILABLE) updated(offset, value);
      }
      this.reset();
    };
  }
}
