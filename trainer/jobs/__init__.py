"""The job queue's workers: every long computation of the app runs here, off the request.

- :mod:`trainer.store.jobs`: the ``jobs`` rows (state, progress, owner, heartbeat, error)
- :mod:`trainer.jobs.kinds`: what each kind of job does (a count study, a chart, a
  simulation, the penetration studies), from its parameters alone
- :mod:`trainer.jobs.worker`: a process running queued jobs one after another
- :mod:`trainer.jobs.pool`: the server's pool, keeping up to N workers going and queuing again
  a job whose process is gone

The web app's side (limits, pending pages, starting the pool) is :mod:`trainer.web.jobs`.
Nothing here imports Flask.
"""
