# Read by gunicorn from the directory it is started in (`make serve` starts it here).
# The access log names no game, table or invite token: see config/gunicorn_logging.py.
logger_class = "config.gunicorn_logging.TokenRedactingLogger"
