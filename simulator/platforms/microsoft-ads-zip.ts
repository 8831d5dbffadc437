import { crc32, deflateRawSync } from "node:zlib";

/**
 * Writes a ZIP archive holding one deflated file, the way Microsoft packs a report download.
 * Layout: local file header + data, one central directory entry, the end-of-central-directory record.
 */
export function writeZip(fileName: string, content: Buffer, modifiedAt: Date = new Date()): Buffer {
  const name = Buffer.from(fileName, "utf8");
  const data = deflateRawSync(content);
  const checksum = crc32(content);
  const { time, date } = toDosDateTime(modifiedAt);
  // Bit 11: the file name is UTF-8.
  const flags = 0x0800;

  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
  local.writeUInt16LE(flags, 6);
  local.writeUInt16LE(8, 8); // method: deflate
  local.writeUInt16LE(time, 10);
  local.writeUInt16LE(date, 12);
  local.writeUInt32LE(checksum, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  local.writeUInt16LE(0, 28);

  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // version made by
  central.writeUInt16LE(20, 6); // version needed
  central.writeUInt16LE(flags, 8);
  central.writeUInt16LE(8, 10);
  central.writeUInt16LE(time, 12);
  central.writeUInt16LE(date, 14);
  central.writeUInt32LE(checksum, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  // Extra, comment, disk number, internal and external attributes stay 0.
  central.writeUInt32LE(0, 42); // offset of the local header

  const centralOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8); // entries on this disk
  end.writeUInt16LE(1, 10); // entries in total
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralOffset, 16);

  return Buffer.concat([local, name, data, central, name, end]);
}

function toDosDateTime(instant: Date): { time: number; date: number } {
  const year = Math.max(1980, instant.getUTCFullYear());
  return {
    time: (instant.getUTCHours() << 11) | (instant.getUTCMinutes() << 5) | Math.floor(instant.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((instant.getUTCMonth() + 1) << 5) | instant.getUTCDate(),
  };
}
