"""Messages that no personal memory should answer: general knowledge, tasks, small talk. Written for this
project; asked of every LoCoMo dev conversation by ``memlace eval locomo`` to measure how much a pack
carries when nothing remembered is relevant (it should be empty, or nearly)."""

from __future__ import annotations

MESSAGES = """
What is the boiling point of water at sea level?
How far is the Moon from the Earth?
Who wrote The Origin of Species?
What is the capital of Australia?
How many bones are in the adult human body?
Explain how a rainbow forms.
What is the speed of light in a vacuum?
Who painted the ceiling of the Sistine Chapel?
What does DNA stand for?
How do vaccines train the immune system?
What is the largest ocean on Earth?
When did the Berlin Wall fall?
What causes the seasons on Earth?
How does a bill become a law in the United States?
What is photosynthesis?
Who was the first person to walk on the Moon?
What is the tallest mountain in the world?
How many continents are there?
What is the chemical symbol for gold?
Why is the sky blue?
What is the difference between weather and climate?
How does compound interest work?
What is the Pythagorean theorem?
Convert 100 degrees Fahrenheit to Celsius.
What is 17 multiplied by 23?
Is 97 a prime number?
What is the derivative of x squared?
Solve 3x + 5 = 20.
How many seconds are in a day?
What is the square root of 144?
Write a haiku about autumn leaves.
Write a limerick about a cat who loves jazz.
Give me a synonym for happy.
Translate good morning into Spanish.
Summarise the plot of Romeo and Juliet.
Write a short cover letter opening line.
Suggest a name for a coffee shop.
Draft a polite email declining a meeting.
Tell me a joke about computers.
What rhymes with orange?
How do I reverse a list in Python?
What is a closure in JavaScript?
Explain the difference between TCP and UDP.
What does SQL stand for?
How do I center a div with CSS?
What is a binary search tree?
Explain what a REST API is.
What is the time complexity of quicksort?
How do I undo the last git commit?
What is Docker used for?
Hi there!
Hello!
Good morning.
Thanks a lot!
ok thanks
Nice.
Good luck!
See you later.
Cool, got it.
Haha that's funny.
How are you today?
What can you do?
Are you a robot?
Tell me something interesting.
What day comes after Tuesday?
How many legs does a spider have?
What is the largest planet in the solar system?
Which element has the atomic number 1?
What language is spoken in Brazil?
How long does it take light from the Sun to reach Earth?
What is the freezing point of water in Kelvin?
Who invented the telephone?
What is the currency of Japan?
How many players are on a soccer team?
What is the main ingredient in guacamole?
How do airplanes stay in the air?
What is inflation?
What is the population of Canada roughly?
Who is the author of 1984?
What is the longest river in Africa?
How does a refrigerator keep things cold?
What is the difference between a virus and a bacterium?
What are the primary colors?
How many minutes are in three hours?
What year did World War II end?
What is the Great Barrier Reef?
What is machine learning in simple terms?
Recommend a good stretching routine for office workers.
What is a healthy amount of sleep for adults?
How do I boil an egg?
What is the best way to learn a new language?
How many ounces are in a pound?
What is the difference between affect and effect?
Define the word serendipity.
What is the plural of cactus?
What is an oxymoron?
Give me three tips for public speaking.
What is the Fibonacci sequence?
How do tides work?
What is the capital of Canada?
""".strip().splitlines()
