"""What the browser keeps: the games this device started (``device``), the service worker that
opens a game's pages offline (``offline_views``) and the JavaScript's strings (``catalog``,
``catalog_views``).
"""
