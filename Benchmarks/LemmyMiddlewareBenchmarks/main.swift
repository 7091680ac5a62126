print("LemmyMiddleware benchmark: not written yet")
