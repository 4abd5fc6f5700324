"""QR codes read back from a picture of a page, as a phone's camera would (zxing-cpp)."""

from __future__ import annotations

import zxingcpp
from PIL import Image


def qr_codes(image) -> list[zxingcpp.Barcode]:
    """The QR codes zxing finds in ``image`` (a PIL image, or a file to open), their text and
    corners. It looks for the QR code a phone reads (model 2, what the PDFs print) only: trying
    every kind of barcode took the table pack's tests 1.5 s longer, and zxing's QR family includes
    Micro QR, which it found in a large-print page's grid in one run of six ("9752", no code there)."""
    if not isinstance(image, Image.Image):
        image = Image.open(image)
    return zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCodeModel2)
