"""Pack ``calculator/`` as an ordinary pure-Python wheel for Pyodide.

Pyodide unpacks it with ``pyodide.unpackArchive(bytes, "wheel")``; no micropip and no
package index are needed, so the browser never leaves the site's origin.
"""
from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

NAME = "dragondice_calculator"
VERSION = "0.1.0"
WHEEL_NAME = f"{NAME}-{VERSION}-py3-none-any.whl"
_EPOCH = (1980, 1, 1, 0, 0, 0)   # fixed timestamps: same sources -> same bytes


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(package_dir: Path, out_dir: Path, extra: dict[str, bytes] | None = None) -> Path:
    """Write the wheel into ``out_dir`` (only when its bytes change) and return its path.

    ``extra`` adds files by path inside the wheel (the engine's precompiled bytecode).
    """
    files: list[tuple[str, bytes]] = []
    for path in sorted(package_dir.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        files.append((f"{package_dir.name}/{path.relative_to(package_dir).as_posix()}", path.read_bytes()))
    files.extend(sorted((extra or {}).items()))
    dist = f"{NAME}-{VERSION}.dist-info"
    files.append((f"{dist}/METADATA", f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {VERSION}\n".encode()))
    files.append((f"{dist}/WHEEL", b"Wheel-Version: 1.0\nGenerator: dragondice-generator\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    record = "\n".join([_record_line(n, d) for n, d in files] + [f"{dist}/RECORD,,"]) + "\n"
    files.append((f"{dist}/RECORD", record.encode()))

    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / WHEEL_NAME
    tmp = target.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    if target.exists() and target.read_bytes() == tmp.read_bytes():
        tmp.unlink()
    else:
        tmp.replace(target)
    return target
