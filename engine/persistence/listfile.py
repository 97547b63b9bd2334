"""List files that load without parsing their items: one item per line, under a checksummed header.

    {"schema_version":1,"journal_seq":S,"count":N,"crc32":C[,"<total>":T...],"<key>":[
    {...item...},
    {...item...}
    ]}

It is still one JSON document with the seed layout's keys (any JSON reader, and older versions of
GM Console, read it as before; they ignore the extra header keys). Compact JSON never holds a raw
newline, so the item lines are exactly the items. The CRC-32 of the item lines proves the bytes are
the ones a save wrote and verified, so a load checks it and splits the lines instead of validating
10,000 items: each item is validated when it is first used. A file whose header or checksum does not
match (an older layout, a hand edit, damage) is validated in full, so nothing unchecked gets in.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass, field
from typing import Any

_HEAD = re.compile(rb'\{"schema_version":(\d+),"journal_seq":(\d+),"count":(\d+),"crc32":(\d+)'
                   rb'((?:,"[a-z_]+":\d+)*),"([a-z_]+)":\[')
_EXTRA = re.compile(rb'"([a-z_]+)":(\d+)')
_NAME = re.compile(r"^[a-z_]+$")


@dataclass
class ListFile:
    """A list file as read: each item's bytes, or (full validation) the validated items themselves."""

    journal_seq: int
    # Each item's JSON; None where only the validated item is known (full-validation path).
    raw: list[bytes | None]
    # The validated items when the file was validated in full; None when only the bytes were kept.
    items: list[Any] | None = None
    # The header's extra whole-number fields (running totals a reader need not recount).
    extra: dict[str, int] = field(default_factory=dict)
    # The checksum of the item lines when it held (None after full validation): derived files made
    # from these items (the fact index) name it, so a stale one is never taken for current.
    crc: int | None = None


def pack(key: str, items_json: list[bytes], schema_version: int, journal_seq: int,
         extra: dict[str, int] | None = None) -> tuple[bytes, int]:
    """(bytes, checksum) of a list file holding `items_json` (each item's compact JSON, no newline)."""
    # The item lines are joined once and the file once: a 10,000-entry history is megabytes, and each
    # extra concatenation would copy it again. The checksum runs over the same bytes piece by piece.
    joined = b",\n".join(items_json)
    crc = zlib.crc32(b"\n", zlib.crc32(joined, zlib.crc32(b"\n"))) if items_json else zlib.crc32(b"")
    fields = "".join(f',"{name}":{int(value)}' for name, value in (extra or {}).items()
                     if _NAME.match(name))
    head = (f'{{"schema_version":{int(schema_version)},"journal_seq":{int(journal_seq)},'
            f'"count":{len(items_json)},"crc32":{crc}{fields},"{key}":[').encode()
    if not items_json:
        return head + b"]}", crc
    return b"".join((head, b"\n", joined, b"\n]}")), crc


def unpack(data: bytes, key: str, schema_version: int) -> ListFile | None:
    """The items' bytes when `data` is an intact list file of this layout and version, else None."""
    head = _HEAD.match(data)
    if head is None or head.group(6).decode() != key or int(head.group(1)) != schema_version:
        return None
    if not data.endswith(b"]}"):
        return None
    start, end = head.end(), len(data) - 2
    crc = int(head.group(4))
    # Checked and split in place: slicing the body out first would copy megabytes twice.
    if zlib.crc32(memoryview(data)[start:end]) != crc:
        return None
    count = int(head.group(3))
    if start == end:
        raw: list[bytes | None] = []
    elif data[start:start + 1] == b"\n" and data[end - 1:end] == b"\n" and end - start >= 2:
        # The header is compact JSON (no newline), so splitting the whole file splits only the body; the
        # first piece carries the header and the last the closing brackets, both cut off.
        raw = data.split(b",\n")  # type: ignore[assignment]
        raw[0] = raw[0][start + 1:]
        raw[-1] = raw[-1][:-3]
    else:
        return None
    if len(raw) != count:
        return None
    extra = {m.group(1).decode(): int(m.group(2)) for m in _EXTRA.finditer(head.group(5))}
    return ListFile(journal_seq=int(head.group(2)), raw=raw, extra=extra, crc=crc)
