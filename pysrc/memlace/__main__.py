from memlace.cli import main

raise SystemExit(main())
