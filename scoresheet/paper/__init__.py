"""Printed sheets: the PDFs (``pdf``), the plain data they print (``printing``, ``sheets``,
``sheet_rows``), the blank round blocks stamped on every sheet (``stamps``), the canasta pad
(``canasta_pad``) and the language a printout speaks (``print_language``).
"""
