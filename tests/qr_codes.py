"""QR codes read back from a picture of a page, as a phone's camera would (zxing-cpp)."""

from __future__ import annotations

import zxingcpp
from PIL import Image


def qr_codes(image) -> list[zxingcpp.Barcode]:
    """The QR codes zxing finds in ``image`` (a PIL image, or a file to open), their text and
    corners. It looks for QR codes only: trying every kind of barcode took the table pack's tests
    1.5 s longer."""
    if not isinstance(image, Image.Image):
        image = Image.open(image)
    return zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
